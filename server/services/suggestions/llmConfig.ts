/** The chat-completions endpoint suggestions are generated with (docs/operations.md, "Settings"). */
import { DomainError } from '../../domain/errors';

export interface LlmConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; never stored, logged, shown or put in an error message. */
  apiKey: string | null;
  /** The model's name: the suggestions' agent. */
  model: string;
}

/** The endpoint from CCB_LLM_BASE_URL, CCB_LLM_API_KEY and CCB_LLM_MODEL; a clear error when one is missing or bad. */
export function readLlmConfig(env: Readonly<Record<string, string | undefined>>): LlmConfig {
  const baseUrl = (env.CCB_LLM_BASE_URL ?? '').trim().replace(/\/+$/, '');
  const model = (env.CCB_LLM_MODEL ?? '').trim();
  const missing = [baseUrl === '' && 'CCB_LLM_BASE_URL', model === '' && 'CCB_LLM_MODEL'].filter(Boolean);
  if (missing.length > 0) throw new DomainError('bad_request', `generating suggestions needs ${missing.join(' and ')} (see docs/operations.md)`);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new DomainError('bad_request', 'CCB_LLM_BASE_URL: not a URL (e.g. https://api.openai.com/v1)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('bad_request', 'CCB_LLM_BASE_URL: must be an http or https URL');
  if (url.username !== '' || url.password !== '') throw new DomainError('bad_request', 'CCB_LLM_BASE_URL: put the key in CCB_LLM_API_KEY, not in the URL');
  const apiKey = (env.CCB_LLM_API_KEY ?? '').trim();
  return { baseUrl, apiKey: apiKey === '' ? null : apiKey, model };
}

/** Text that came from the endpoint or the network, with the key taken out wherever it appears. */
export function withoutKey(text: string, config: Pick<LlmConfig, 'apiKey'>): string {
  return config.apiKey ? text.split(config.apiKey).join('[key]') : text;
}

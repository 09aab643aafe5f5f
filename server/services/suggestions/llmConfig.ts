/** The chat-completions endpoint suggestions are generated with (docs/operations.md, "Settings"). */
import { DomainError } from '../../domain/errors';

export interface LlmConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; never stored, logged, shown or put in an error message. */
  apiKey: string | null;
  /** The model's name: the suggestions' agent. */
  model: string;
  /** The most an answer may hold, in bytes (CCB_LLM_MAX_ANSWER_MB); a longer one fails its problem unread. */
  maxAnswerBytes: number;
}

export const DEFAULT_MAX_ANSWER_MB = 4;

function maxAnswerBytes(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_MAX_ANSWER_MB * 1024 * 1024;
  const mb = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || mb <= 0 || mb > 1024) throw new DomainError('bad_request', `CCB_LLM_MAX_ANSWER_MB: expected a size in MB above 0 and at most 1024, got "${text}"`);
  return Math.floor(mb * 1024 * 1024);
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
  return { baseUrl, apiKey: apiKey === '' ? null : apiKey, model, maxAnswerBytes: maxAnswerBytes(env.CCB_LLM_MAX_ANSWER_MB) };
}

/** A piece this long of the key is taken out too: a cut or an echo may hold part of the key only. */
export const KEY_PIECE = 8;

/** Which characters of the text belong to a piece of the key (KEY_PIECE characters of it, anywhere): 1, else 0; null when none do. */
function keyCover(text: string, key: string): Uint8Array | null {
  let cover: Uint8Array | null = null;
  const pieces = new Set<string>();
  for (let i = 0; i + KEY_PIECE <= key.length; i++) pieces.add(key.slice(i, i + KEY_PIECE));
  // indexOf per piece is a fast string search, so even an answer of megabytes costs milliseconds.
  for (const piece of pieces) {
    for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1)) (cover ??= new Uint8Array(text.length)).fill(1, at, at + KEY_PIECE);
  }
  return cover;
}

/**
 * Text that came from the endpoint or the network, with the key taken out wherever it appears,
 * and every piece of it of KEY_PIECE characters or more: each run of text covered by such pieces
 * becomes "[key]". Take it out before cutting a text short, never after (a cut could split the key).
 */
export function withoutKey(text: string, config: Pick<LlmConfig, 'apiKey'>): string {
  const key = config.apiKey;
  if (!key) return text;
  if (key.length < KEY_PIECE) return text.split(key).join('[key]');
  const cover = keyCover(text, key);
  if (!cover) return text;
  const parts: string[] = [];
  for (let i = 0; i < text.length; ) {
    let j = i;
    while (j < text.length && cover[j] === cover[i]) j++;
    parts.push(cover[i] ? '[key]' : text.slice(i, j));
    i = j;
  }
  return parts.join('');
}

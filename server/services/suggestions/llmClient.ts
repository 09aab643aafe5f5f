/**
 * One problem's request to an OpenAI-compatible chat-completions endpoint, with its retries:
 * 429 (honouring Retry-After), 5xx, time-outs and network failures are tried again after an
 * exponential back-off; a 400 to a structured-output request is tried once without
 * response_format (the job then remembers the endpoint does not take it).
 */
import { promptMessages, responseFormat } from '../../../shared/suggestions/prompt';
import { withoutKey, type LlmConfig } from './llmConfig';

export interface LlmDeps {
  fetch: typeof fetch;
  /** Waits between attempts (tests pass one that records the delay and returns at once). */
  sleep: (ms: number) => Promise<void>;
  /** Per attempt: the request is aborted after this long. */
  timeoutMs: number;
  /** Attempts per problem, the first included. */
  maxAttempts: number;
  /** The first back-off; each further one doubles, up to MAX_DELAY_MS. */
  baseDelayMs: number;
}

export const MAX_DELAY_MS = 60_000;

export type Completion =
  | { ok: true; content: string; tokensIn: number | null; tokensOut: number | null; attempts: number }
  /** fatal: the endpoint refuses every request (a wrong key or address), so the job stops. */
  | { ok: false; detail: string; attempts: number; fatal: boolean };

/** The job's knowledge of the endpoint, shared by its workers. */
export interface EndpointState {
  structured: boolean;
}

type Attempt =
  | { kind: 'ok'; content: string; tokensIn: number | null; tokensOut: number | null }
  | { kind: 'retry'; detail: string; retryAfterMs: number | null }
  | { kind: 'refused'; status: number; detail: string }
  /** The answer is longer than the cap: this problem fails, unread past the cap, and is not asked again. */
  | { kind: 'tooLong'; detail: string };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * The body as text, read as it streams and counted: past `maxBytes` the request is aborted and
 * null returned, so a huge answer is never held in memory nor parsed.
 */
async function cappedText(res: Response, maxBytes: number, abort: AbortController): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes || !res.body) {
    abort.abort();
    return declared > maxBytes ? null : '';
  }
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      abort.abort();
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Retry-After as seconds or an HTTP date, in milliseconds (capped); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_DELAY_MS) : null;
}

const tokens = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

function contentOf(body: unknown): { content: string | null; tokensIn: number | null; tokensOut: number | null } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  const content = b.choices?.[0]?.message?.content;
  return { content: typeof content === 'string' ? content : null, tokensIn: tokens(b.usage?.prompt_tokens), tokensOut: tokens(b.usage?.completion_tokens) };
}

async function attempt(config: LlmConfig, baseText: string, structured: boolean, deps: LlmDeps): Promise<Attempt> {
  const body: Record<string, unknown> = { model: config.model, messages: promptMessages(baseText, structured), temperature: 0 };
  if (structured) body.response_format = responseFormat();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const abort = new AbortController();
  // The time-out is a timer of our own that holds the controller. A signal from
  // AbortSignal.timeout or AbortSignal.any is held only weakly while fetch waits on it: Node 20
  // may collect it, and an endpoint that never answers is then waited for forever, job and all.
  const timer = setTimeout(() => abort.abort(new DOMException(`no answer within ${deps.timeoutMs} ms`, 'TimeoutError')), deps.timeoutMs);
  try {
    const res = await deps.fetch(`${config.baseUrl}/chat/completions`, { method: 'POST', headers, body: JSON.stringify(body), signal: abort.signal });
    const raw = await cappedText(res, config.maxAnswerBytes, abort);
    if (raw === null) return { kind: 'tooLong', detail: `the answer is longer than ${megabytes(config.maxAnswerBytes)} (CCB_LLM_MAX_ANSWER_MB): not read` };
    // The key out of everything the endpoint said, before any cut (a cut could split the key).
    const text = withoutKey(raw, config);
    const short = text.slice(0, 200).replace(/\s+/g, ' ').trim();
    if (res.status === 429 || res.status >= 500) return { kind: 'retry', detail: `HTTP ${res.status}`, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
    if (!res.ok) return { kind: 'refused', status: res.status, detail: `HTTP ${res.status}${short ? `: ${short}` : ''}` };
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // an answer that is not JSON at all carries no content
    }
    const got = contentOf(parsed);
    // The content is the model's answer: whether it is good JSON is the caller's question. JSON
    // escapes could spell the key where the raw text did not, so the key comes out of it again.
    return { kind: 'ok', content: withoutKey(got.content ?? '', config), tokensIn: got.tokensIn, tokensOut: got.tokensOut };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    const detail = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${deps.timeoutMs} ms` : 'the endpoint could not be reached';
    return { kind: 'retry', detail, retryAfterMs: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Ask for one problem's points, retrying as the module comment says. */
export async function complete(config: LlmConfig, baseText: string, state: EndpointState, deps: LlmDeps): Promise<Completion> {
  let structured = state.structured;
  for (let n = 1; ; n++) {
    const got = await attempt(config, baseText, structured, deps);
    if (got.kind === 'ok') {
      // A plain request answered where the structured one was refused: the job stops sending response_format.
      if (!structured) state.structured = false;
      return { ok: true, content: got.content, tokensIn: got.tokensIn, tokensOut: got.tokensOut, attempts: n };
    }
    if (got.kind === 'tooLong') return { ok: false, detail: got.detail, attempts: n, fatal: false };
    if (got.kind === 'refused') {
      if (got.status === 400 && structured) {
        structured = false; // once without response_format, at once
        continue;
      }
      // 400: this request is refused; anything else (401, 403, 404…) refuses every request.
      return { ok: false, detail: got.detail, attempts: n, fatal: got.status !== 400 };
    }
    if (n >= deps.maxAttempts) return { ok: false, detail: `${got.detail} (after ${n} attempts)`, attempts: n, fatal: false };
    await deps.sleep(got.retryAfterMs ?? Math.min(deps.baseDelayMs * 2 ** (n - 1), MAX_DELAY_MS));
  }
}

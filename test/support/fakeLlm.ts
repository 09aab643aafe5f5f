/**
 * A fake OpenAI-compatible chat-completions endpoint on 127.0.0.1, started by a test: it records
 * every request and answers as the test scripts it — good answers, malformed JSON, quotes that
 * are not in the text, 429s with Retry-After, 5xx, a refused response_format, no answer at all
 * (a time-out), or an endless one (a stream of that many bytes, sent as fast as it is read).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  };
  /** The problem's base text, taken from the user message. */
  statement: string;
}

export type FakeReply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | { hang: true }
  /** A 200 answer of `bytes` bytes, chunked unless `declared` (then with its Content-Length); `sent` counts what went out. */
  | { stream: { bytes: number; declared?: boolean; sent?: (bytes: number) => void } };
/** A reply, or a promise of one (an answer the test holds back until it says so). */
export type FakeScript = (req: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;

export interface FakePoint {
  deleted_spans: string[];
  question: string;
  answer: string;
  type: string;
}

/** A 200 chat completion whose message content is the given text (or the points as JSON). */
export function completion(content: string | { points: FakePoint[] }, usage = { prompt_tokens: 120, completion_tokens: 30 }): FakeReply {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return { json: { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage } };
}

/** A point deleting the given quotes. */
export const fakePoint = (spans: string[], question = 'Which one is meant?', type = 'Behavior'): FakePoint => ({ deleted_spans: spans, question, answer: 'As the statement said.', type });

export interface FakeLlm {
  /** The base URL to set as CCB_LLM_BASE_URL (…/v1). */
  url: string;
  requests: FakeRequest[];
  script: FakeScript;
  close(): Promise<void>;
}

const STATEMENT = /^Statement:\n/;

const CHUNK = Buffer.alloc(256 * 1024, 'a');

/** A completion whose content never ends, written chunk by chunk (one buffer reused) until `bytes` or the client hangs up. */
function streamAnswer(res: http.ServerResponse, s: { bytes: number; declared?: boolean; sent?: (bytes: number) => void }): void {
  res.writeHead(200, { 'content-type': 'application/json', ...(s.declared ? { 'content-length': String(s.bytes) } : {}) });
  const head = '{"choices":[{"message":{"content":"';
  let sent = head.length;
  let closed = false;
  res.on('close', () => (closed = true));
  const more = () => {
    while (!closed && sent < s.bytes) {
      const n = Math.min(CHUNK.length, s.bytes - sent);
      sent += n;
      s.sent?.(sent);
      if (!res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void res.once('drain', more);
    }
    if (!closed) res.end();
  };
  res.write(head);
  more();
}

export async function startFakeLlm(script: FakeScript = () => completion({ points: [] })): Promise<FakeLlm> {
  const sockets = new Set<Socket>();
  const fake: FakeLlm = { url: '', requests: [], script, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeRequest['body'];
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const request: FakeRequest = { path: req.url ?? '', authorization: req.headers.authorization, body, statement: user.replace(STATEMENT, '') };
      fake.requests.push(request);
      void Promise.resolve(fake.script(request, fake.requests.length)).then((reply) => answer(res, reply));
    });
  });
  const answer = (res: http.ServerResponse, reply: FakeReply) => {
    if ('hang' in reply) return; // never answered: the client's time-out ends it
    if ('stream' in reply) return streamAnswer(res, reply.stream);
    const send = () => {
      res.writeHead(reply.status ?? 200, { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain', ...reply.headers });
      res.end(reply.text ?? JSON.stringify(reply.json ?? {}));
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  };
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * An endpoint that never answers is given up on after the time-out, even when garbage collection
 * runs while the request waits. Node 20 holds a signal made by AbortSignal.timeout or
 * AbortSignal.any only weakly while fetch waits on it; once collected, nothing aborted the
 * request, and a suggestions job waited for that problem forever (seen in CI as a job that never
 * finished).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import v8 from 'node:v8';
import vm from 'node:vm';
import { complete, type LlmDeps } from '../../server/services/suggestions/llmClient';
import { readLlmConfig } from '../../server/services/suggestions/llmConfig';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';

// A full collection on demand, as `node --expose-gc` gives it (the flag set at run time reaches a new context).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm(() => ({ hang: true }));
});
afterAll(() => fake.close());

const TIMEOUT_MS = 200;
const ATTEMPTS = 2;

it('a silent endpoint fails each of 8 problems after its attempts, though memory is collected every 20 ms meanwhile', async () => {
  const config = readLlmConfig({ CCB_LLM_BASE_URL: fake.url, CCB_LLM_API_KEY: 'sk-test', CCB_LLM_MODEL: 'silent' });
  const deps: LlmDeps = { fetch: globalThis.fetch, sleep: () => Promise.resolve(), timeoutMs: TIMEOUT_MS, maxAttempts: ATTEMPTS, baseDelayMs: 1 };
  const collecting = setInterval(collectGarbage, 20);
  try {
    // A request still waiting long after its attempts should have ended is the bug: it would wait forever.
    // (How many requests the fake saw is not asserted: under load a time-out can end one before it arrives.)
    const stuck = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 20 * TIMEOUT_MS * ATTEMPTS).unref());
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => Promise.race([complete(config, 'Print the sum.', { structured: false }, deps), stuck])));
    expect(outcomes).toEqual(Array.from({ length: 8 }, () => ({ ok: false, detail: `no answer within ${TIMEOUT_MS} ms (after ${ATTEMPTS} attempts)`, attempts: ATTEMPTS, fatal: false })));
  } finally {
    clearInterval(collecting);
  }
});

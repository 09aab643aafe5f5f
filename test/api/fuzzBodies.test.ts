import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type request from 'supertest';
import { ERROR_CODES } from '../../shared/errors';
import { copyOfDb, tempDb } from '../support/db';
import { testApp } from '../support/http';
import { routeKey, writeRoutes } from '../support/routes';
import { send, urlOf } from '../support/routeCalls';
import { TABLE, type Entry } from '../support/routeTable';
import { buildWorld, WHO, type Who, type World } from '../support/world';

// Random and malformed bodies sent by an authorised caller to every state-changing route:
// the answer is never a 5xx, and every error has the one standard shape.
const RUNS = Number(process.env.CCB_FUZZ_RUNS ?? 15);

/** The caller allowed to use the route (maintainer first): one who gets past the gate (a pilot's Test refused while coding is 409, Run without a sandbox 503). */
function allowedCaller(entry: Entry): Who {
  const ok = WHO.filter((w) => entry.expect[w] < 400 || entry.expect[w] === 409 || entry.expect[w] === 503);
  return (['maintainer', 'owner', 'adjudicator', 'pilot', 'anonymous'] as const).find((w) => ok.includes(w)) ?? 'maintainer';
}

function expectHandled(res: request.Response, what: string): void {
  // The one 5xx a well-formed answer may be: Run and Test on a server without a code sandbox (the fuzzed app has none).
  const sandboxOff = res.status === 503 && res.body?.error?.code === 'sandbox_off';
  if (!sandboxOff) expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body?.error?.message, `${what}: ${res.text.slice(0, 300)}`).toBeTypeOf('string');
    expect(ERROR_CODES as readonly string[], what).toContain(res.body.error.code);
  }
}

/** Every path to a value inside a JSON body ([] is the body itself). */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [at, ...entries.flatMap(([k, v]) => leafPaths(v, [...at, k]))];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (replacement === undefined && rest.length === 0) delete copy[head!];
  else copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(undefined, null, -1, 1e308, -0, 2 ** 53, '', '\u0000', 'x'.repeat(70_000), [], {}, [[0, 1e9]], [[5, 2]], { __proto__: { admin: true } }),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

/** A valid body with up to three of its values replaced by hostile ones (or removed). */
function mutatedBody(valid: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(valid);
  return fc
    .array(fc.tuple(fc.nat(paths.length - 1), hostileValue), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce<unknown>((body, [i, v]) => replaceAt(body, paths[i]!, v), valid));
}

// Each fuzzed route starts from a copy of one world built once (no request touches this one).
const pristine = tempDb();
let world: World;
beforeAll(async () => {
  world = await buildWorld(pristine.db);
});
afterAll(() => pristine.cleanup());

async function fuzzRoute(key: string, body: fc.Arbitrary<unknown>, mode: 'json' | 'text' | 'bytes'): Promise<void> {
  const route = writeRoutes().find((r) => routeKey(r) === key)!;
  const entry = TABLE[key]!;
  const ctx = copyOfDb(pristine.db);
  const copy: World = { ...world, db: ctx.db };
  const app = testApp(ctx.db);
  const who = allowedCaller(entry);
  try {
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        // supertest cannot send a bare primitive as JSON, so every body goes out as text
        const raw = mode === 'bytes' ? Buffer.from(value as Uint8Array) : mode === 'text' ? String(value) : (JSON.stringify(value) ?? '');
        const contentType = entry.upload ? 'application/octet-stream' : 'application/json';
        const res = await send(app, copy, who, route, { params: entry.params, query: entry.query }).set('Content-Type', contentType).send(raw);
        expectHandled(res, `${key} as ${who} with ${mode} ${JSON.stringify(value)?.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  } finally {
    ctx.cleanup();
  }
}

describe('random and malformed bodies never cause a 5xx', () => {
  const routes = writeRoutes().map(routeKey);

  it('every state-changing route is in the route table', () => {
    expect(routes.filter((k) => !TABLE[k])).toEqual([]);
  });

  for (const key of routes) {
    const entry = TABLE[key];
    if (!entry) continue;
    if (entry.upload) {
      it(`${key}: random bytes and random lines as the uploaded file`, async () => {
        await fuzzRoute(key, fc.uint8Array({ maxLength: 3000 }), 'bytes');
        await fuzzRoute(key, fc.array(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), { maxLength: 5 }).map((lines) => lines.join('\n')), 'text');
      });
      continue;
    }
    it(`${key}: arbitrary JSON, mutated valid bodies and broken JSON text`, async () => {
      await fuzzRoute(key, fc.jsonValue({ maxDepth: 4 }), 'json');
      await fuzzRoute(key, mutatedBody(entry.body?.(world) ?? {}), 'json');
      await fuzzRoute(key, fc.string({ maxLength: 200 }), 'text');
    });
  }

  it('answers 400 (not 500) to a body that is not an object on routes that take one', async () => {
    const ctx = copyOfDb(pristine.db);
    const copy: World = { ...world, db: ctx.db };
    const app = testApp(ctx.db);
    for (const route of writeRoutes()) {
      const entry = TABLE[routeKey(route)];
      if (!entry?.body) continue;
      for (const raw of ['[1,2]', '"text"', '42', 'null', '{"version":', '\u0000']) {
        const res = await send(app, copy, allowedCaller(entry), route, { params: entry.params, query: entry.query }).set('Content-Type', 'application/json').send(raw);
        expect(res.status, `${routeKey(route)} with ${raw} → ${res.text}`).toBe(400);
        expect(res.body.error.code).toMatch(/^(bad_request|validation_failed)$/);
      }
      expect(urlOf(route, entry, copy)).toMatch(/^\/api\//);
    }
    ctx.cleanup();
  });
});

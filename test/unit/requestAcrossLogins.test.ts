import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, loggedIn, onUnauthenticated, request, sessionOf } from '../../client/src/api';

/** A fetch whose answers the test gives, one per request, in order. */
function fakeServer() {
  const asked: string[] = [];
  const waiting: ((status: number) => void)[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    asked.push(`${init.method} ${url}`);
    return new Promise<Response>((resolve) => {
      waiting.push((status) => resolve(new Response(JSON.stringify(status === 200 ? { version: 2 } : { error: { code: 'unauthenticated', message: 'Log in first.' } }), { status })));
    });
  });
  return {
    asked,
    /** Answer the oldest request not yet answered. */
    answer: async (status: number) => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()!(status);
    },
  };
}

describe('a request answered 401 after a login it was sent before', () => {
  /** How often the app was told the session ended. */
  let ended = 0;
  let stopWatching: () => void = () => undefined;
  beforeEach(() => {
    ended = 0;
    stopWatching = onUnauthenticated(() => ended++);
  });
  afterEach(() => {
    stopWatching();
    vi.unstubAllGlobals();
    sessionOf(null);
  });

  it('is sent again when the same person logged in again (a save sent as the session ended); the session is not called ended', async () => {
    sessionOf('ann');
    const server = fakeServer();
    const saved = request<{ version: number }>('PUT', '/api/annotations/p1', { version: 1 });
    loggedIn('ann');
    await server.answer(401);
    await server.answer(200);
    await expect(saved).resolves.toEqual({ version: 2 });
    expect(server.asked).toEqual(['PUT /api/annotations/p1', 'PUT /api/annotations/p1']);
    expect(ended).toBe(0);
  });

  it('fails, and is not sent again, when someone else logged in: nothing is done in their name', async () => {
    sessionOf('ann');
    const server = fakeServer();
    const saved = request('PUT', '/api/annotations/p1', { version: 1 });
    loggedIn('bob');
    await server.answer(401);
    await expect(saved).rejects.toMatchObject({ status: 401 });
    expect(server.asked).toHaveLength(1);
    expect(ended).toBe(0);
  });

  it('fails quietly when it was sent while nobody was logged in (a page opened before the login)', async () => {
    const server = fakeServer();
    const loaded = request('GET', '/api/annotations/p1');
    loggedIn('ann');
    await server.answer(401);
    await expect(loaded).rejects.toBeInstanceOf(ApiError);
    expect(server.asked).toHaveLength(1);
    expect(ended).toBe(0);
  });

  it('with no login since it was sent, says the session ended, once, and is not sent again', async () => {
    sessionOf('ann');
    const server = fakeServer();
    const loaded = request('GET', '/api/annotations/p1');
    await server.answer(401);
    await expect(loaded).rejects.toMatchObject({ status: 401 });
    expect(server.asked).toHaveLength(1);
    expect(ended).toBe(1);
  });

  it('a second 401 after being sent again is the new session ending: it is said, and not sent a third time', async () => {
    sessionOf('ann');
    const server = fakeServer();
    const saved = request('PUT', '/api/annotations/p1', { version: 1 });
    loggedIn('ann');
    await server.answer(401);
    await server.answer(401);
    await expect(saved).rejects.toMatchObject({ status: 401 });
    expect(server.asked).toHaveLength(2);
    expect(ended).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ResourceCache } from '../../client/src/resources/cache';
import { buildUrl, queryString } from '../../client/src/resources/url';

/** A load that answers when told to, counting how often it was asked. */
function deferredLoads<T>() {
  const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  let calls = 0;
  const load = () =>
    new Promise<T>((resolve, reject) => {
      calls++;
      pending.push({ resolve, reject });
    });
  return { load, pending, calls: () => calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function cacheAt(time: { now: number }, maxAgeMs = 1000) {
  return new ResourceCache({ maxAgeMs, now: () => time.now });
}

describe('the resource cache', () => {
  it('shares one request between readers of the same URL, with loading then data', async () => {
    const cache = cacheAt({ now: 0 });
    const loads = deferredLoads<{ releases: string[] }>();
    const seen: boolean[] = [];
    cache.subscribe('/api/releases', 'releases', loads.load, () => seen.push(cache.snapshot('/api/releases').loading));
    cache.subscribe('/api/releases', 'releases', loads.load, () => undefined);
    expect(loads.calls()).toBe(1);
    expect(cache.snapshot('/api/releases')).toMatchObject({ data: undefined, loading: true });
    loads.pending[0]!.resolve({ releases: ['v1'] });
    await settle();
    expect(cache.snapshot('/api/releases')).toEqual({ data: { releases: ['v1'] }, error: undefined, loading: false });
    expect(seen).toEqual([false]);
  });

  it('reuses a young read for a new reader and reloads an old one, showing the old data meanwhile', async () => {
    const time = { now: 0 };
    const cache = cacheAt(time);
    const loads = deferredLoads<number>();
    const off = cache.subscribe('/api/users', 'users', loads.load, () => undefined);
    loads.pending[0]!.resolve(1);
    await settle();
    off();
    time.now = 999;
    cache.subscribe('/api/users', 'users', loads.load, () => undefined);
    expect(loads.calls()).toBe(1);
    time.now = 2000;
    cache.subscribe('/api/users', 'users', loads.load, () => undefined);
    expect(loads.calls()).toBe(2);
    expect(cache.snapshot('/api/users')).toEqual({ data: 1, error: undefined, loading: true });
  });

  it('a write invalidates its resource: watched reads reload, unwatched ones are dropped, other resources stay', async () => {
    const cache = cacheAt({ now: 0 });
    const releases = deferredLoads<string>();
    const unwatched = deferredLoads<string>();
    const users = deferredLoads<string>();
    cache.subscribe('/api/releases', 'releases', releases.load, () => undefined);
    const off = cache.subscribe('/api/releases/v1', 'releases', unwatched.load, () => undefined);
    cache.subscribe('/api/users', 'users', users.load, () => undefined);
    [releases, unwatched, users].forEach((l) => l.pending[0]!.resolve('first'));
    await settle();
    off();
    cache.invalidate('releases');
    expect(releases.calls()).toBe(2);
    expect(unwatched.calls()).toBe(1);
    expect(users.calls()).toBe(1);
    expect(cache.snapshot('/api/releases/v1').data).toBeUndefined();
    releases.pending[1]!.resolve('second');
    await settle();
    expect(cache.snapshot('/api/releases').data).toBe('second');
  });

  it('an autosave (reload false) marks reads stale for their next reader without a request now', async () => {
    const cache = cacheAt({ now: 0 }, 60_000);
    const loads = deferredLoads<string>();
    cache.subscribe('/api/assignments', 'assignments', loads.load, () => undefined);
    loads.pending[0]!.resolve('queue');
    await settle();
    cache.invalidate('assignments', { reload: false });
    expect(loads.calls()).toBe(1);
    cache.subscribe('/api/assignments', 'assignments', loads.load, () => undefined);
    expect(loads.calls()).toBe(2);
  });

  it('keeps the error of a failed load with the data it had, and an older answer never overwrites a newer one', async () => {
    const cache = cacheAt({ now: 0 });
    const loads = deferredLoads<string>();
    cache.subscribe('/api/problems', 'problems', loads.load, () => undefined);
    loads.pending[0]!.resolve('page 1');
    await settle();
    cache.reload('/api/problems');
    cache.reload('/api/problems');
    loads.pending[2]!.resolve('newest');
    await settle();
    loads.pending[1]!.resolve('older');
    await settle();
    expect(cache.snapshot('/api/problems').data).toBe('newest');
    cache.reload('/api/problems');
    const failure = new Error('offline');
    loads.pending[3]!.reject(failure);
    await settle();
    expect(cache.snapshot('/api/problems')).toEqual({ data: 'newest', error: failure, loading: false });
  });

  it("set() shows a write's answer at once, and a load under way cannot replace it", async () => {
    const cache = cacheAt({ now: 0 });
    const loads = deferredLoads<string>();
    cache.subscribe('/api/settings/release', 'releases', loads.load, () => undefined);
    cache.set('/api/settings/release', 'saved');
    loads.pending[0]!.resolve('loaded before the save');
    await settle();
    expect(cache.snapshot('/api/settings/release').data).toBe('saved');
  });

  it('reloadFailed() loads again only what failed (a new login after the session ended) and drops a failed read no page shows', async () => {
    const cache = cacheAt({ now: 0 });
    const failed = deferredLoads<string>();
    const fine = deferredLoads<string>();
    const gone = deferredLoads<string>();
    cache.subscribe('/api/me/agreement', 'agreement', failed.load, () => undefined);
    cache.subscribe('/api/assignments', 'assignments', fine.load, () => undefined);
    const unsubscribe = cache.subscribe('/api/guidelines', 'guidelines', gone.load, () => undefined);
    failed.pending[0]!.reject(new Error('401'));
    fine.pending[0]!.resolve('queue');
    gone.pending[0]!.reject(new Error('401'));
    await settle();
    unsubscribe();
    cache.reloadFailed();
    expect([failed.calls(), fine.calls(), gone.calls()]).toEqual([2, 1, 1]);
    failed.pending[1]!.resolve('agreement');
    await settle();
    expect(cache.snapshot('/api/me/agreement')).toEqual({ data: 'agreement', error: undefined, loading: false });
    expect(cache.snapshot('/api/guidelines')).toEqual({ data: undefined, error: undefined, loading: true });
  });

  it('clear() drops what no page shows and reloads what one does (another account logged in)', async () => {
    const cache = cacheAt({ now: 0 });
    const loads = deferredLoads<string>();
    const off = cache.subscribe('/api/users', 'users', loads.load, () => undefined);
    cache.subscribe('/api/me', 'auth', loads.load, () => undefined);
    loads.pending.forEach((p) => p.resolve('x'));
    await settle();
    off();
    cache.clear();
    expect(cache.snapshot('/api/users').data).toBeUndefined();
    expect(loads.calls()).toBe(3);
  });
});

describe('URLs of endpoints', () => {
  it('encodes each path parameter, keeps the slashes of a wildcard, and leaves out unset query values', () => {
    expect(buildUrl({ path: '/api/users/:username/login-lock' }, { username: 'a b/c' })).toBe('/api/users/a%20b%2Fc/login-lock');
    expect(buildUrl({ path: '/api/releases/:name/files/*path' }, { name: 'v1', path: 'docs/a b.md' })).toBe('/api/releases/v1/files/docs/a%20b.md');
    expect(buildUrl({ path: '/api/runs/tasks/:taskId' }, { taskId: '1?x' }, { release: undefined })).toBe('/api/runs/tasks/1%3Fx');
    expect(queryString({ old: 'v1', new: 'v2&3', threshold: 0.4, skip: null })).toBe('?old=v1&new=v2%263&threshold=0.4');
    expect(() => buildUrl({ path: '/api/problems/:questionId' })).toThrow('questionId');
  });
});

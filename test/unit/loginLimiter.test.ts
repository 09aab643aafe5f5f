import { describe, expect, it } from 'vitest';
import { LoginLimiter, MAX_FAILURES, MAX_FAILURES_PER_ADDRESS, USER_FREE_FAILURES, WINDOW_MS, type Attempt, type Reservation } from '../../server/auth/loginLimiter';

function limiter() {
  const clock = { now: 1_000_000 };
  return { limiter: new LoginLimiter(() => clock.now), clock };
}

const allowed = (r: Reservation): Attempt => {
  if (!r.allowed) throw new Error(`expected an allowed attempt, got retryAfter ${r.retryAfter}`);
  return r;
};
/** n wrong passwords for username from ip (each reserved and kept as a failure). */
function fail(l: LoginLimiter, username: string, ip: string, n: number): void {
  for (let i = 0; i < n; i++) allowed(l.reserve(username, ip));
}

describe('LoginLimiter: counted before the password is checked', () => {
  it('reserves attempts up front: only MAX_FAILURES can be in flight for one username and address', () => {
    const { limiter: l } = limiter();
    const results = Array.from({ length: 60 }, () => l.reserve('alice', '10.0.0.1'));
    expect(results.filter((r) => r.allowed)).toHaveLength(MAX_FAILURES);
  });

  it('a released attempt (check not completed) does not count; a successful one frees the pair', () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 20; i++) l.release(allowed(l.reserve('alice', '10.0.0.1')));
    fail(l, 'alice', '10.0.0.1', MAX_FAILURES - 1);
    l.succeed(allowed(l.reserve('alice', '10.0.0.1')));
    fail(l, 'alice', '10.0.0.1', MAX_FAILURES);
    expect(l.reserve('alice', '10.0.0.1').allowed).toBe(false);
  });
});

describe('LoginLimiter: the policy', () => {
  it('locks one (username, address) pair after MAX_FAILURES, until the window passes', () => {
    const { limiter: l, clock } = limiter();
    fail(l, 'alice', '10.0.0.1', MAX_FAILURES);
    const refused = l.reserve('ALICE', '10.0.0.1');
    expect(refused).toEqual({ allowed: false, retryAfter: WINDOW_MS / 1000 });
    // the same user from another address, and another user from this address, still get in
    expect(l.reserve('alice', '10.0.0.2').allowed).toBe(true);
    expect(l.reserve('bob', '10.0.0.1').allowed).toBe(true);
    clock.now += WINDOW_MS;
    expect(l.reserve('alice', '10.0.0.1').allowed).toBe(true);
  });

  it('per username from many addresses: USER_FREE_FAILURES, then delays that double', () => {
    const { limiter: l, clock } = limiter();
    for (let i = 0; i < USER_FREE_FAILURES; i++) allowed(l.reserve('alice', `10.0.1.${i}`));
    expect(l.reserve('alice', '10.0.2.1')).toEqual({ allowed: false, retryAfter: 1 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      let r = l.reserve('alice', `10.0.3.${i}`);
      let waited = 0;
      while (!r.allowed) {
        clock.now += r.retryAfter * 1000;
        waited += r.retryAfter;
        r = l.reserve('alice', `10.0.3.${i}`);
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
  });

  it('lets the real user in from an address they logged in from, while someone else guesses elsewhere', () => {
    const { limiter: l } = limiter();
    l.succeed(allowed(l.reserve('alice', '192.168.1.5')));
    for (let i = 0; i < 40; i++) l.reserve('alice', `10.9.${i}.1`);
    expect(l.reserve('alice', '10.9.99.1').allowed).toBe(false);
    expect(l.reserve('alice', '192.168.1.5').allowed).toBe(true);
    // but the known address still has only the pair's budget for guessing
    fail(l, 'alice', '192.168.1.5', MAX_FAILURES - 1);
    expect(l.reserve('alice', '192.168.1.5').allowed).toBe(false);
  });

  it('limits one address over all usernames (password spraying), sparing users known there', () => {
    const { limiter: l } = limiter();
    l.succeed(allowed(l.reserve('carol', '10.0.0.9')));
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) allowed(l.reserve(`user${i}`, '10.0.0.9'));
    expect(l.reserve('dave', '10.0.0.9').allowed).toBe(false);
    expect(l.reserve('carol', '10.0.0.9').allowed).toBe(true);
  });

  it('reports a lock for the Users page, and a maintainer clears it', () => {
    const { limiter: l } = limiter();
    expect(l.lockOf('alice')).toBeNull();
    fail(l, 'alice', '10.0.0.1', MAX_FAILURES);
    expect(l.lockOf('Alice')).toEqual({ failures: MAX_FAILURES, retryAfter: 0, lockedAddresses: 1 });
    for (let i = 0; i < USER_FREE_FAILURES; i++) l.reserve('alice', `10.0.4.${i}`);
    expect(l.lockOf('alice')?.retryAfter).toBeGreaterThan(0);
    // the address limit of a shared address is full too
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) l.reserve(`typo${i}`, '10.0.0.2');
    expect(l.reserve('alice', '10.0.0.2').allowed).toBe(false);
    l.clearUser('ALICE');
    expect(l.lockOf('alice')).toBeNull();
    expect(l.reserve('alice', '10.0.0.1').allowed).toBe(true);
    expect(l.reserve('alice', '10.0.0.2').allowed).toBe(true);
    expect(l.reserve('bob', '10.0.0.2').allowed).toBe(false);
  });
});

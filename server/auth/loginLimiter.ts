/**
 * The login limits (docs/reliability.md, "Login limits"). Every attempt is counted *before* the password
 * is checked (a reservation), so attempts sent at once cannot all slip past the limit; a
 * successful login gives its reservation back. Inside a window of WINDOW_MS:
 *
 * - per (username, address) pair: MAX_FAILURES attempts, then 429 until the window passes —
 *   the tight limit, which is all an attacker at one address gets;
 * - per username from every address: USER_FREE_FAILURES attempts, then each further one must
 *   wait twice as long as the one before (1 s, 2 s, 4 s … up to the window) — slows down an
 *   attacker with many addresses without locking the account for good;
 * - per address: MAX_FAILURES_PER_ADDRESS attempts over all usernames (password spraying).
 *
 * An address from which the user has logged in before (a known address) is exempt from the
 * username and address limits, only the pair limit applies there: someone guessing a user's
 * password elsewhere does not lock the real user out of their own machine. A maintainer can
 * clear a user's lock (`clearUser`), which also exempts the user from the address limit until
 * the window passes.
 */
export const MAX_FAILURES = 5;
export const USER_FREE_FAILURES = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const WINDOW_MS = 15 * 60_000;
/** How long an address stays known after a successful login from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  attempts: number;
  windowStart: number;
  lastAt: number;
}

/** A counted attempt; give it back with succeed() or release(). */
export interface Attempt {
  allowed: true;
  username: string;
  ip: string;
  keys: string[];
}
export type Reservation = Attempt | { allowed: false; retryAfter: number };

export interface LoginLock {
  /** Failed attempts counted against the username (all addresses) in the current window. */
  failures: number;
  /** Seconds until the username may try again from an unknown address (0: not delayed). */
  retryAfter: number;
  /** Addresses locked out of this username by the pair limit. */
  lockedAddresses: number;
}

const lower = (username: string) => username.toLowerCase();
const pairKey = (user: string, ip: string) => `pair:${user}\n${ip}`;
const userKey = (user: string) => `user:${user}`;
const ipKey = (ip: string) => `ip:${ip}`;

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly known = new Map<string, number>();
  private readonly cleared = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.windowStart >= WINDOW_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private isKnown(user: string, ip: string, now: number): boolean {
    const at = this.known.get(`${user}\n${ip}`);
    return at !== undefined && now - at < KNOWN_ADDRESS_MS;
  }

  private isCleared(user: string, now: number): boolean {
    const until = this.cleared.get(user);
    return until !== undefined && now < until;
  }

  /** Milliseconds until key allows another attempt (0: now). */
  private waitFor(key: string, now: number): number {
    const e = this.live(key, now);
    if (!e) return 0;
    const windowEnd = e.windowStart + WINDOW_MS - now;
    if (key.startsWith('pair:')) return e.attempts >= MAX_FAILURES ? windowEnd : 0;
    if (key.startsWith('ip:')) return e.attempts >= MAX_FAILURES_PER_ADDRESS ? windowEnd : 0;
    if (e.attempts < USER_FREE_FAILURES) return 0;
    const delay = Math.min(WINDOW_MS, 1000 * 2 ** (e.attempts - USER_FREE_FAILURES));
    return Math.max(0, Math.min(windowEnd, e.lastAt + delay - now));
  }

  private keysFor(user: string, ip: string, now: number): string[] {
    if (this.isKnown(user, ip, now)) return [pairKey(user, ip)];
    if (this.isCleared(user, now)) return [pairKey(user, ip), userKey(user)];
    return [pairKey(user, ip), userKey(user), ipKey(ip)];
  }

  /** Count an attempt before the password is checked, or say how many seconds to wait. */
  reserve(username: string, ip: string): Reservation {
    const now = this.now();
    const user = lower(username);
    const keys = this.keysFor(user, ip, now);
    const wait = Math.max(0, ...keys.map((k) => this.waitFor(k, now)));
    if (wait > 0) return { allowed: false, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
    for (const key of keys) {
      const e = this.live(key, now);
      if (e) {
        e.attempts += 1;
        e.lastAt = now;
      } else this.entries.set(key, { attempts: 1, windowStart: now, lastAt: now });
    }
    if (this.entries.size > MAX_ENTRIES) this.prune(now);
    return { allowed: true, username: user, ip, keys };
  }

  /** Give an attempt back without judging it (the check could not be completed). */
  release(attempt: Attempt): void {
    const now = this.now();
    for (const key of attempt.keys) {
      const e = this.live(key, now);
      if (e && e.attempts > 0) e.attempts -= 1;
    }
  }

  /** The password was right: the attempt was no failure, the pair starts afresh and the address becomes known. */
  succeed(attempt: Attempt): void {
    this.release(attempt);
    this.entries.delete(pairKey(attempt.username, attempt.ip));
    this.known.set(`${attempt.username}\n${attempt.ip}`, this.now());
    if (this.known.size > MAX_ENTRIES) this.prune(this.now());
  }

  /** Where a username stands, for the Users page; null when nothing holds it back. */
  lockOf(username: string): LoginLock | null {
    const now = this.now();
    const user = lower(username);
    const prefix = `pair:${user}\n`;
    let lockedAddresses = 0;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix) && this.waitFor(key, now) > 0) lockedAddresses++;
    const failures = this.live(userKey(user), now)?.attempts ?? 0;
    const retryAfter = this.isCleared(user, now) ? 0 : Math.ceil(this.waitFor(userKey(user), now) / 1000);
    return lockedAddresses > 0 || retryAfter > 0 ? { failures, retryAfter, lockedAddresses } : null;
  }

  /** A maintainer lets the user in again: their counts go, and the address limit spares them for a window. */
  clearUser(username: string): void {
    const user = lower(username);
    const prefix = `pair:${user}\n`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    this.entries.delete(userKey(user));
    this.cleared.set(user, this.now() + WINDOW_MS);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) if (now - e.windowStart >= WINDOW_MS) this.entries.delete(key);
    for (const [key, at] of this.known) if (now - at >= KNOWN_ADDRESS_MS) this.known.delete(key);
    for (const [key, until] of this.cleared) if (now >= until) this.cleared.delete(key);
  }
}

// One limiter per database (so per server, and per test app): failures never leak between them.
const limiters = new WeakMap<object, LoginLimiter>();

/** Give a database's limiter its own clock (tests: time moves only when the test says); resets its counts. */
export function useLoginClock(db: object, now: () => number): LoginLimiter {
  const limiter = new LoginLimiter(now);
  limiters.set(db, limiter);
  return limiter;
}

export function loginLimiterFor(db: object): LoginLimiter {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = new LoginLimiter()));
  return limiter;
}

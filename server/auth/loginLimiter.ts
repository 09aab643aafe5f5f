/**
 * Limits failed logins per username and per client address: after MAX_FAILURES failures
 * for one username (or MAX_FAILURES_PER_ADDRESS from one address) inside the window,
 * further attempts get 429 until the window passes. The address limit is higher because a
 * whole team often shares one address (everyone on 127.0.0.1, or behind one proxy): one
 * person's typos must not lock out everybody.
 */
export const MAX_FAILURES = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const WINDOW_MS = 15 * 60_000;

interface Entry {
  failures: number;
  windowStart: number;
}

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
    private readonly now: () => number = Date.now,
    private readonly maxFailuresPerAddress = MAX_FAILURES_PER_ADDRESS,
  ) {}

  private limit(key: string): number {
    return key.startsWith('ip:') ? this.maxFailuresPerAddress : this.maxFailures;
  }

  private keys(username: string, ip: string): string[] {
    return [`user:${username.toLowerCase()}`, `ip:${ip}`];
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(username: string, ip: string): number {
    const now = this.now();
    let wait = 0;
    for (const key of this.keys(username, ip)) {
      const e = this.entries.get(key);
      if (!e) continue;
      if (now - e.windowStart >= this.windowMs) this.entries.delete(key);
      else if (e.failures >= this.limit(key)) wait = Math.max(wait, Math.ceil((e.windowStart + this.windowMs - now) / 1000));
    }
    return wait;
  }

  fail(username: string, ip: string): void {
    const now = this.now();
    for (const key of this.keys(username, ip)) {
      const e = this.entries.get(key);
      if (!e || now - e.windowStart >= this.windowMs) this.entries.set(key, { failures: 1, windowStart: now });
      else e.failures += 1;
    }
    if (this.entries.size > 10_000) this.prune(now);
  }

  succeed(username: string): void {
    this.entries.delete(`user:${username.toLowerCase()}`);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) if (now - e.windowStart >= this.windowMs) this.entries.delete(key);
  }
}

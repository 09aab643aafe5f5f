/**
 * Per-session rate limits of the pilot's writes (a token bucket per session and kind, in memory
 * per process and database): a burst, then one call per interval. A refused call gets
 * 429 `rate_limited` with Retry-After; nothing is written.
 */
import type { DB } from '../../../db/database';
import { DomainError } from '../../domain/errors';

export interface RateRule {
  /** Calls allowed at once. */
  burst: number;
  /** One more call allowed per this many ms. */
  everyMs: number;
  /** What the message calls the refused thing. */
  what: string;
}

/** Code saves: the page autosaves at most every 15 s, and on leaving the tab. */
export const CODE_SAVE_RATE: RateRule = { burst: 6, everyMs: 5_000, what: 'code saves' };
/** Questions: a person reads the answer before asking the next. */
export const QUESTION_RATE: RateRule = { burst: 3, everyMs: 3_000, what: 'questions' };

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new WeakMap<DB, Map<string, Bucket>>();
const MAX_BUCKETS = 10_000;

/** Take one call of `rule` for the key at time `now` (ms), or throw 429 with the wait. */
export function takeRate(db: DB, key: string, rule: RateRule, now: number): void {
  let map = buckets.get(db);
  if (!map) buckets.set(db, (map = new Map()));
  const known = map.get(key);
  const tokens = known ? Math.min(rule.burst, known.tokens + Math.max(0, now - known.at) / rule.everyMs) : rule.burst;
  if (tokens < 1) {
    map.set(key, { tokens, at: now });
    const seconds = Math.max(1, Math.ceil(((1 - tokens) * rule.everyMs) / 1000));
    throw new DomainError('rate_limited', `Too many ${rule.what} on this task: try again in ${seconds} s.`, { retryAfterSeconds: seconds }, seconds);
  }
  map.delete(key);
  if (map.size >= MAX_BUCKETS) map.delete(map.keys().next().value!);
  map.set(key, { tokens: tokens - 1, at: now });
}

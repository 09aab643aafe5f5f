import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { parseCookies, SESSION_COOKIE } from '../../auth/sessions';

/** Names an annotator pair (two user ids) for one viewer: opaque, and different for every session. */
export type PairKeyer = (a: number, b: number) => string;

// Never leaves the process: a key cannot be turned back into user ids, nor matched across sessions.
const PROCESS_SECRET = randomBytes(32);

/**
 * The pair keys of one session: an HMAC of the (sorted) pair under a secret derived from the
 * session, so the queue's pair filter works within the session while no response carries a
 * stable key that would identify annotators across problems or across adjudicators.
 */
export function pairKeyerFor(req: Request): PairKeyer {
  const session = parseCookies(req.headers.cookie)[SESSION_COOKIE] ?? randomBytes(32).toString('hex');
  const secret = createHmac('sha256', PROCESS_SECRET).update(session).digest();
  return (a, b) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    return createHmac('sha256', secret).update(`${x}-${y}`).digest('base64url').slice(0, 16);
  };
}

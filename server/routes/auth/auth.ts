import { loginBody } from '../../../shared/schemas/auth';
import { get, transaction, type DB } from '../../../db/database';
import { appendEvent } from '../../../db/events';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from '../../auth/sessions';
import { LoginLimiter } from '../../auth/loginLimiter';
import type { Role } from '../../../shared/roles';

// One limiter per database (so per server, and per test app): failures never leak between them.
const limiters = new WeakMap<DB, LoginLimiter>();
export function loginLimiterFor(db: DB): LoginLimiter {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = new LoginLimiter()));
  return limiter;
}

export const authRoutes = [
  route({
    method: 'post',
    path: '/api/auth/login',
    access: 'public',
    body: loginBody,
    async handle({ req, res, db, body }) {
      const ip = req.ip ?? 'unknown';
      const loginLimiter = loginLimiterFor(db);
      const wait = loginLimiter.retryAfter(body.username, ip);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        throw new AppError(429, 'rate_limited', `Too many failed logins. Try again in ${Math.ceil(wait / 60)} minute(s).`);
      }
      const user = get<{ id: number; username: string; role: Role; password_hash: string }>(
        db,
        'SELECT id, username, role, password_hash FROM users WHERE username = ? AND active = 1',
        [body.username],
      );
      const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        loginLimiter.fail(body.username, ip);
        throw new AppError(401, 'unauthenticated', 'Wrong username or password.');
      }
      loginLimiter.succeed(body.username);
      // A new session id at every login (no fixation), recorded in the same transaction.
      const session = transaction(db, () => {
        destroySession(db, req);
        const created = createSession(db, user.id);
        // The client's address as express sees it: behind a proxy named by TRUST_PROXY, the real one.
        appendEvent(db, { id: user.id, name: user.username }, { action: 'auth.login', entityType: 'user', entityId: user.id, details: { address: ip } });
        return created;
      });
      setSessionCookie(req, res, session.token, session.expiresAt);
      return { username: user.username, role: user.role };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/logout',
    access: 'public',
    handle({ req, res, db }) {
      destroySession(db, req);
      clearSessionCookie(req, res);
      return { ok: true };
    },
  }),
  route({
    method: 'get',
    path: '/api/me',
    access: 'user',
    handle({ user }) {
      return { username: user.username, role: user.role };
    },
  }),
];

import { loginBody } from '../../../shared/schemas/auth';
import { get, transaction, type DB } from '../../../db/database';
import { appendEvent } from '../../../db/events';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from '../../auth/sessions';
import { loginLimiterFor } from '../../auth/loginLimiter';
import type { Role } from '../../../shared/roles';
import type { Request } from 'express';

interface LoginUser {
  id: number;
  username: string;
  role: Role;
  password_hash: string;
}

/** Check the password and open a session; 401 when the username or password is wrong. */
async function logIn(db: DB, req: Request, body: { username: string; password: string }) {
  const user = get<LoginUser>(db, 'SELECT id, username, role, password_hash FROM users WHERE username = ? AND active = 1', [body.username]);
  const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw new AppError(401, 'unauthenticated', 'Wrong username or password.');
  // A new session id at every login (no fixation), recorded in the same transaction.
  const session = transaction(db, () => {
    destroySession(db, req);
    const created = createSession(db, user.id);
    appendEvent(db, { id: user.id, name: user.username }, { action: 'auth.login', entityType: 'user', entityId: user.id, details: { address: req.ip ?? 'unknown' } });
    return created;
  });
  return { user, session };
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
      // Counted before the password is checked: attempts sent at once cannot all get past the limit.
      const attempt = loginLimiter.reserve(body.username, ip);
      if (!attempt.allowed) {
        res.setHeader('Retry-After', String(attempt.retryAfter));
        throw new AppError(429, 'rate_limited', `Too many failed logins. Try again in ${Math.ceil(attempt.retryAfter / 60)} minute(s).`);
      }
      let login: { user: LoginUser; session: { token: string; expiresAt: Date } };
      try {
        login = await logIn(db, req, body);
      } catch (err) {
        // A wrong password stays counted; anything else (a busy database) was no guess.
        if (!(err instanceof AppError && err.status === 401)) loginLimiter.release(attempt);
        throw err;
      }
      loginLimiter.succeed(attempt);
      const { user, session } = login;
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

import { loginBody } from '../../../shared/schemas/auth';
import { route } from '../../http/route';
import { clearSessionCookie, destroySession, setSessionCookie } from '../../auth/sessions';
import { logIn } from '../../services/auth';

export const authRoutes = [
  route({
    method: 'post',
    path: '/api/auth/login',
    access: 'public',
    body: loginBody,
    async handle({ req, res, db, body }) {
      const { user, session } = await logIn(db, { ...body, address: req.ip ?? 'unknown', endPreviousSession: () => destroySession(db, req) });
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

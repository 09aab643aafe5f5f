import { auth } from '../../../shared/api/auth';
import { routesOf } from '../../http/route';
import { clearSessionCookie, destroySession, sessionIdOf, setSessionCookie } from '../../auth/sessions';
import { logIn } from '../../services/auth';
import { changeOwnPassword } from '../../services/ownPassword';

export const authRoutes = routesOf(auth, {
  login: async ({ req, res, db, body }) => {
    const { user, session } = await logIn(db, { ...body, address: req.ip ?? 'unknown', endPreviousSession: () => destroySession(db, req) });
    setSessionCookie(req, res, session.token, session.expiresAt);
    return { username: user.username, role: user.role };
  },
  logout: ({ req, res, db }) => {
    destroySession(db, req);
    clearSessionCookie(req, res);
    return { ok: true };
  },
  me: ({ user }) => ({ username: user.username, role: user.role }),
  changePassword: ({ req, db, user, body }) => changeOwnPassword(db, { ...body, user, address: req.ip ?? 'unknown', currentSession: sessionIdOf(req) }),
});

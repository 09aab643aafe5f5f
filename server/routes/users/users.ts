import { users } from '../../../shared/api/users';
import { routesOf } from '../../http/route';
import { sessionIdOf } from '../../auth/sessions';
import { presentUser } from '../../presenters/users';
import { clearLoginLock, createUser, listUsers, loginLockOf, updateUser } from '../../services/users';

export const userRoutes = routesOf(users, {
  list: ({ db }) => listUsers(db).map((u) => presentUser(u, loginLockOf(db, u.username))),
  create: async ({ db, actor, body }) => presentUser(await createUser(db, actor, body)),
  update: async ({ req, db, actor, params, body }) => presentUser(await updateUser(db, actor, params.username, body, sessionIdOf(req))),
  clearLoginLock: ({ db, actor, params }) => presentUser(clearLoginLock(db, actor, params.username)),
});

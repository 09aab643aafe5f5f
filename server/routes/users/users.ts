import { users } from '../../../shared/api/users';
import { route } from '../../http/route';
import { sessionIdOf } from '../../auth/sessions';
import { presentUser } from '../../presenters/users';
import { clearLoginLock, createUser, listUsers, loginLockOf, updateUser } from '../../services/users';

export const userRoutes = [
  route(users.list, ({ db }) => listUsers(db).map((u) => presentUser(u, loginLockOf(db, u.username)))),
  route(users.create, async ({ db, actor, body }) => presentUser(await createUser(db, actor, body))),
  route(users.update, async ({ req, db, actor, params, body }) => presentUser(await updateUser(db, actor, params.username, body, sessionIdOf(req)))),
  route(users.clearLoginLock, ({ db, actor, params }) => presentUser(clearLoginLock(db, actor, params.username))),
];

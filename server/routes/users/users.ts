import { createUserBody, updateUserBody } from '../../../shared/schemas/backoffice';
import { route } from '../../http/route';
import { sessionIdOf } from '../../auth/sessions';
import { presentUser } from '../../presenters/users';
import { clearLoginLock, createUser, listUsers, loginLockOf, updateUser } from '../../services/users';

export const userRoutes = [
  route({
    method: 'get',
    path: '/api/users',
    access: ['maintainer'],
    handle: ({ db }) => listUsers(db).map((u) => presentUser(u, loginLockOf(db, u.username))),
  }),
  route({
    method: 'post',
    path: '/api/users',
    access: ['maintainer'],
    body: createUserBody,
    status: 201,
    handle: async ({ db, actor, body }) => presentUser(await createUser(db, actor, body)),
  }),
  route({
    method: 'put',
    path: '/api/users/:username',
    access: ['maintainer'],
    body: updateUserBody,
    handle: async ({ req, db, actor, params, body }) => presentUser(await updateUser(db, actor, params.username ?? '', body, sessionIdOf(req))),
  }),
  route({
    method: 'delete',
    path: '/api/users/:username/login-lock',
    access: ['maintainer'],
    handle: ({ db, actor, params }) => presentUser(clearLoginLock(db, actor, params.username ?? '')),
  }),
];

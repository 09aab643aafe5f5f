import { createUserBody, updateUserBody } from '../../../shared/schemas/backoffice';
import { route } from '../../http/route';
import { presentUser } from '../../presenters/users';
import { createUser, listUsers, updateUser } from '../../services/users';

export const userRoutes = [
  route({
    method: 'get',
    path: '/api/users',
    access: ['maintainer'],
    handle: ({ db }) => listUsers(db).map(presentUser),
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
    handle: async ({ db, actor, params, body }) => presentUser(await updateUser(db, actor, params.username ?? '', body)),
  }),
];

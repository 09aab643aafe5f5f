import { z } from 'zod';
import { createUserBody, updateUserBody, type UserView } from '../schemas/backoffice';
import { resource, type BodyOf } from './endpoint';
import { usernameParam } from './params';

const MAINTAINER = ['maintainer'] as const;
const one = z.object({ username: usernameParam });

export const users = resource('users', (endpoint) => ({
  list: endpoint<UserView[]>()({ method: 'get', path: '/api/users', access: MAINTAINER }),
  create: endpoint<UserView>()({ method: 'post', path: '/api/users', access: MAINTAINER, body: createUserBody, status: 201 }),
  update: endpoint<UserView>()({ method: 'put', path: '/api/users/:username', access: MAINTAINER, params: one, body: updateUserBody }),
  clearLoginLock: endpoint<UserView>()({ method: 'delete', path: '/api/users/:username/login-lock', access: MAINTAINER, params: one }),
}));

/** A new account: username, role and password. */
export type CreateUserRequest = BodyOf<typeof users.create>;
/** Changes to an account: any of role, active flag and password. */
export type UpdateUserRequest = BodyOf<typeof users.update>;

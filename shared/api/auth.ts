import { changePasswordBody, loginBody, type Me, type PasswordChanged } from '../schemas/auth';
import { resource, type BodyOf } from './endpoint';
import type { Ok } from './params';

export const auth = resource('auth', (endpoint) => ({
  login: endpoint<Me>()({ method: 'post', path: '/api/auth/login', access: 'public', body: loginBody }),
  logout: endpoint<Ok>()({ method: 'post', path: '/api/auth/logout', access: 'public' }),
  me: endpoint<Me>()({ method: 'get', path: '/api/me', access: 'user' }),
  /** Every role changes its own password (and only its own): the current one is required; other sessions end. */
  changePassword: endpoint<PasswordChanged>()({ method: 'put', path: '/api/me/password', access: 'user', body: changePasswordBody }),
}));

/** A username and password to log in with. */
export type LoginRequest = BodyOf<typeof auth.login>;

import { resource } from './endpoint';

export interface Health {
  status: 'ok';
  /** The database's migration level. */
  migration: number;
}

export const health = resource('health', (endpoint) => ({
  check: endpoint<Health>()({ method: 'get', path: '/healthz', access: 'public' }),
}));

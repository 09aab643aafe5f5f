import { resource } from './endpoint';

export interface Health {
  status: 'ok';
  /** The database's migration level. */
  migration: number;
  /** The code sandbox of Run and Test: ready, still being checked at start, or off with the reason. */
  sandbox: { state: 'ready' | 'checking' | 'off'; reason?: string };
}

export const health = resource('health', (endpoint) => ({
  check: endpoint<Health>()({ method: 'get', path: '/healthz', access: 'public' }),
}));

import type { RouteDef } from '../http/route';
import { authRoutes } from './auth/auth';

/**
 * Every API route of the server. Each resource folder exports its route definitions;
 * the authorization matrix test enumerates this list.
 */
export const allRoutes: RouteDef[] = [
  ...authRoutes,
];

import type { RouteDef } from '../../server/http/route';
import { allRoutes } from '../../server/routes';

/** "PUT /api/annotations/:questionId": how the test tables name a route. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method.toUpperCase()} ${r.path}`;

export const STATE_CHANGING = new Set(['post', 'put', 'delete']);

/** Every route of the server, as the router mounts them. */
export function everyRoute(): RouteDef[] {
  return [...allRoutes];
}

export function writeRoutes(): RouteDef[] {
  return everyRoute().filter((r) => STATE_CHANGING.has(r.method));
}

/** Fill a route's :params (from values, else a placeholder that names no real thing). */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/[:*](\w+)/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? `no-such-${name}`)));
}

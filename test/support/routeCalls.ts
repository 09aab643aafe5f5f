import request from 'supertest';
import type { Express } from 'express';
import type { RouteDef } from '../../server/http/route';
import { fillPath } from './routes';
import type { Who, World } from './world';

/** How to call one route with a valid request: path params, query, and a JSON body or an uploaded file. */
export interface RouteCall {
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => string;
  body?: (w: World) => unknown;
  upload?: (w: World) => Buffer;
}

export function urlOf(route: Pick<RouteDef, 'path'>, call: RouteCall, w: World): string {
  const query = call.query?.(w);
  return fillPath(route.path, call.params?.(w)) + (query ? `?${query}` : '');
}

/** Send the call as `who` (a session cookie from the world, none for anonymous). */
export function send(app: Express, w: World, who: Who, route: Pick<RouteDef, 'method' | 'path'>, call: RouteCall): request.Test {
  let req = request(app)[route.method](urlOf(route, call, w));
  const cookie = w.cookies[who];
  if (cookie) req = req.set('Cookie', cookie);
  if (call.upload) return req.set('Content-Type', 'application/octet-stream').send(call.upload(w));
  if (call.body) return req.send(call.body(w) as object);
  return req;
}

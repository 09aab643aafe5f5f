import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS } from '../../shared/api';
import type { Access, AnyEndpoint } from '../../shared/api/endpoint';
import type { Role } from '../../shared/roles';
import { tempDb } from '../support/db';
import { testApp } from '../support/http';
import { everyRoute, routeKey } from '../support/routes';
import { TABLE } from '../support/routeTable';
import { buildWorld, cookieFor, WHO, type Who } from '../support/world';
import request from 'supertest';

const accessKey = (access: Access) => (typeof access === 'string' ? access : [...access].sort().join(','));
const ROLE_OF: Record<Exclude<Who, 'anonymous'>, Role> = { owner: 'annotator', other: 'annotator', adjudicator: 'adjudicator', maintainer: 'maintainer', pilot: 'pilot' };

/** The status the access rule alone gives a caller: 401, 403, or null when the rule lets them in. */
function gate(access: Access, who: Who): 401 | 403 | null {
  if (access === 'public') return null;
  if (who === 'anonymous') return 401;
  if (access === 'user') return null;
  return access.includes(ROLE_OF[who]) ? null : 403;
}

const pathParams = (path: string) => [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!).sort();

describe('the API contract (shared/api/)', () => {
  it('the server mounts exactly the declared endpoints, each once, with the declared access rule', () => {
    const mounted = everyRoute().map((r) => `${routeKey(r)} ${accessKey(r.access)}`).sort();
    const declared = ALL_ENDPOINTS.map((e) => `${routeKey(e)} ${accessKey(e.access)}`).sort();
    expect(mounted).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('the authorization matrix agrees with every declared access rule', () => {
    const disagreements: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      const entry = TABLE[routeKey(endpoint)];
      for (const who of WHO) {
        const status = entry?.expect[who];
        const ruled = gate(endpoint.access, who);
        // A caller the rule admits may still meet a domain 404 (blind annotation), never a 401 or 403.
        const agrees = ruled === null ? status !== undefined && status !== 401 && status !== 403 : status === ruled;
        if (!agrees) disagreements.push(`${routeKey(endpoint)} as ${who}: matrix ${status}, declared ${ruled ?? 'allowed'}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('declares a schema for the path parameters exactly when the path has some, naming each', () => {
    const wrong = ALL_ENDPOINTS.filter((e: AnyEndpoint) => {
      const names = pathParams(e.path);
      if (names.length === 0) return e.params !== undefined;
      return !(e.params instanceof z.ZodObject) || Object.keys(e.params.shape).sort().join() !== names.join();
    }).map(routeKey);
    expect(wrong).toEqual([]);
  });
});

describe('path parameters are parsed like bodies', () => {
  it('a bad id is a 400 naming the parameter, in the one error shape', async () => {
    const ctx = tempDb();
    try {
      const world = await buildWorld(ctx.db);
      const app = testApp(ctx.db);
      const pilot = cookieFor(ctx.db, world.users.pilot);
      const res = await request(app).get('/api/pilot/sessions/abc').set('Cookie', pilot);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', details: { issues: [{ path: 'params.id', message: expect.any(String) }] } });
      const maintainer = cookieFor(ctx.db, world.users.maintainer);
      const model = await request(app).get('/api/runs/models/%20bad%20model%20/task-scores').set('Cookie', maintainer);
      expect(model.status).toBe(400);
      expect(model.body.error.details.issues.map((i: { path: string }) => i.path)).toEqual(['params.model']);
      // The access check comes first: an anonymous caller learns nothing about the parameter.
      expect((await request(app).get('/api/pilot/sessions/abc')).status).toBe(401);
    } finally {
      ctx.cleanup();
    }
  });
});

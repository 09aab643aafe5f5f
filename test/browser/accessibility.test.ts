import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../client/src/routes';
import { browserHarness } from '../support/browserHarness';
import { PAGE_VISITS, seedA11yWorld, type A11yWorld } from '../support/a11yPages';
import { describeVisits } from '../support/a11yVisit';

/** Does a route pattern ("/annotate/:questionId") match a path? (router.tsx needs a window to load.) */
const matches = (pattern: string, path: string) => {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  return p.length === s.length && p.every((part, i) => part.startsWith(':') || part === s[i]);
};

// The maintainer's pages run in accessibilityMaintainer.test.ts (in parallel with this file).
let world: A11yWorld;
const app = browserHarness(async (db) => {
  world = await seedA11yWorld(db);
});

describe('every page has an accessibility check', () => {
  it('visits every route of the route table as every role that may open it', () => {
    const missing = pageRoutes.flatMap((r) => r.roles.filter((role) => !PAGE_VISITS.some((v) => v.route === r.path && v.role === role)).map((role) => `${role} ${r.path}`));
    expect(missing, 'routes without an axe visit in test/support/a11yPages.ts').toEqual([]);
  });

  it('opens each visit at a path of its own route, as a role the route allows', () => {
    const fake: A11yWorld = { accounts: world.accounts, editing: 'q1', spare: 'q5', submitted: 'q2', disagreeing: 'q3', resolved: 'q4', runTask: 'task_9', study: 's1', pilotAsking: 7, pilotSubmitted: 8 };
    for (const visit of PAGE_VISITS.filter((v) => v.route !== null)) {
      const route = pageRoutes.find((r) => r.path === visit.route);
      expect(route, `${visit.route} is not in the route table`).toBeDefined();
      expect(route!.roles).toContain(visit.role);
      // The first route matching the path is the one the app renders.
      const rendered = pageRoutes.find((r) => r.roles.includes(visit.role as never) && matches(r.path, visit.path(fake)));
      expect(rendered?.path, visit.path(fake)).toBe(visit.route);
    }
  });
});

describeVisits(app, () => world, ['anonymous', 'annotator', 'adjudicator', 'pilot']);

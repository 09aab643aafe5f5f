import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import type { CaseView } from '../../shared/adjudicationView';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

// Task overrides carry the gold version they were made on, like every other
// gold write: a maintainer's stale view cannot silently replace an adjudicator's override.
const ctx = tempDb();
const app = testApp(ctx.db);
let problem: BuiltProblem;
let adj: Agent;
let maint: Agent;
const url = (suffix = '') => `/api/adjudications/${problem.questionId}${suffix}`;
const storedQuestions = () => get<{ questions: string }>(ctx.db, "SELECT questions FROM task_overrides WHERE subset = '0'")?.questions;

beforeAll(async () => {
  problem = buildProblem(ctx.db);
  const [a, b] = [await buildUser(ctx.db), await buildUser(ctx.db)];
  assign(ctx.db, problem.id, a.id, 1);
  assign(ctx.db, problem.id, b.id, 2);
  const point = { deletions: [spanOf(problem.baseText, 'geometric ')], question: 'Which progression?', answer: 'Geometric.', type: 'Terminology' as const };
  buildAnnotation(ctx.db, problem.id, a.id, [point]);
  buildAnnotation(ctx.db, problem.id, b.id, [{ ...point, question: 'What kind of progression?' }]);
  adj = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  maint = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
  const view = (await adj.get(url())).body as CaseView;
  const gold = { ...view.gold, points: [{ ...point, provenance: 'A', sources: { from: { a: 0, b: 0 } } }] };
  expect((await adj.put(url()).send({ version: 0, points: gold.points, notes: '' })).status).toBe(200);
});
afterAll(() => ctx.cleanup());

describe('override versions', () => {
  it('refuses a stale PUT with 409, keeping the newer override', async () => {
    const stale = ((await maint.get(url())).body as CaseView).gold.version; // the maintainer's view
    const saved = await adj.put(url('/overrides/0')).send({ version: stale, questions: ['Which progression is meant, exactly?'] });
    expect(saved.status).toBe(200);
    expect((saved.body as CaseView).gold.version).toBe(stale + 1);
    const late = await maint.put(url('/overrides/0')).send({ version: stale, questions: ['An older idea?'] });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'stale_version', details: { currentVersion: stale + 1 } });
    expect(storedQuestions()).toBe(JSON.stringify(['Which progression is meant, exactly?']));
  });

  it('refuses a stale DELETE with 409 and needs the version', async () => {
    const current = ((await adj.get(url())).body as CaseView).gold.version;
    const stale = await maint.delete(url(`/overrides/0?version=${current - 1}`));
    expect(stale.status).toBe(409);
    const missing = await maint.delete(url('/overrides/0'));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^query\.version: /);
    expect(storedQuestions()).not.toBeUndefined();
    const removed = await maint.delete(url(`/overrides/0?version=${current}`));
    expect(removed.status).toBe(200);
    expect(storedQuestions()).toBeUndefined();
  });

  it('refuses a PUT without a version with a field-named 400', async () => {
    const res = await adj.put(url('/overrides/0')).send({ questions: ['No version?'] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^version: /);
  });
});

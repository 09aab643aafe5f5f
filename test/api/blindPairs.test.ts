import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseView, QueueView } from '../../shared/adjudicationView';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

// In blind mode no adjudication response carries anything that identifies an
// annotator across problems — no user id, no username, no stable pair key — and the pair filter still works.
const ctx = tempDb();
const app = testApp(ctx.db);
let annotators: BuiltUser[];
let problems: BuiltProblem[];
let adjudicator: BuiltUser;

beforeAll(async () => {
  annotators = [await buildUser(ctx.db, { username: 'zoe-blind' }), await buildUser(ctx.db, { username: 'yuri-blind' }), await buildUser(ctx.db, { username: 'xena-blind' })];
  problems = [buildProblem(ctx.db), buildProblem(ctx.db), buildProblem(ctx.db)];
  const pairs: [number, number][] = [[0, 1], [0, 1], [1, 2]];
  problems.forEach((p, i) => {
    const [a, b] = pairs[i]!;
    assign(ctx.db, p.id, annotators[a]!.id, 1);
    assign(ctx.db, p.id, annotators[b]!.id, 2);
    buildAnnotation(ctx.db, p.id, annotators[a]!.id, [{ deletions: [spanOf(p.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.', type: 'Terminology' }]);
    buildAnnotation(ctx.db, p.id, annotators[b]!.id, [{ deletions: [spanOf(p.baseText, 'positive integers')], question: 'What?', answer: 'Positive.', type: 'Behavior' }]);
  });
  adjudicator = await buildUser(ctx.db, { role: 'adjudicator' });
});
afterAll(() => ctx.cleanup());

/** Anything in a response that would name an annotator: a username, or an id pair like "3-4". */
function identifying(body: unknown): string[] {
  const json = JSON.stringify(body);
  const found = annotators.filter((u) => json.includes(u.username)).map((u) => u.username);
  for (const x of annotators) for (const y of annotators) if (json.includes(`"${x.id}-${y.id}"`)) found.push(`${x.id}-${y.id}`);
  return found;
}

describe('blind adjudication', () => {
  let first: Agent;
  let queue: QueueView;

  beforeAll(async () => {
    first = await loginAs(app, adjudicator);
    queue = (await first.get('/api/adjudications')).body as QueueView;
  });

  it('the queue names pairs by opaque keys, and no response identifies an annotator', async () => {
    expect(queue.revealNames).toBe(false);
    expect(queue.pairs).toHaveLength(2);
    expect(identifying(queue)).toEqual([]);
    for (const item of queue.items) {
      expect(item.pair!.key).not.toMatch(/^\d+-\d+$/);
      const view = (await first.get(`/api/adjudications/${item.questionId}`)).body as CaseView;
      expect(identifying(view)).toEqual([]);
      const saved = await first.put(`/api/adjudications/${item.questionId}`).send({ version: view.gold.version, points: [], notes: 'looking' });
      expect(saved.status).toBe(200);
      expect(identifying(saved.body)).toEqual([]);
    }
  });

  it('keys are per session: another login gets other keys for the same pairs', async () => {
    const second = await loginAs(app, adjudicator);
    const again = (await second.get('/api/adjudications')).body as QueueView;
    expect(again.pairs.map((p) => p.label)).toEqual(queue.pairs.map((p) => p.label));
    expect(again.pairs.map((p) => p.key)).not.toEqual(expect.arrayContaining(queue.pairs.map((p) => p.key)));
  });

  it('the pair filter works with the view’s own key', async () => {
    const twice = queue.items.find((i) => queue.items.filter((j) => j.pair?.key === i.pair?.key).length === 2)!;
    const filtered = (await first.get(`/api/adjudications?pair=${encodeURIComponent(twice.pair!.key)}`)).body as QueueView;
    expect(filtered.items.map((i) => i.questionId).sort()).toEqual([problems[0]!.questionId, problems[1]!.questionId].sort());
    expect(identifying(filtered)).toEqual([]);
  });
});

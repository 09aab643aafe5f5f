import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { readRetiredTaskIds } from '../../db/releaseTasks';
import { readExclusions, readOverrides, readTaskRows } from '../../db/taskRows';
import { CLI_ACTOR } from '../../db/events';
import type { CaseView } from '../../shared/adjudicationView';
import type { GoldPoint } from '../../shared/schemas/adjudication';
import { movedSubset, pointMoves } from '../../server/services/adjudications/followPoints';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { loadReleaseTasks } from '../../server/services/releases/tasks';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';
import { eventsOf, problemIdOf } from '../support/state';

interface World {
  db: DB;
  fixture: LegacyFixture;
  adj: Agent;
  maint: Agent;
}

/** A fresh database per scenario: the legacy fixture imported, an adjudicator and a maintainer. */
function legacyWorld(): { world: () => World } {
  const ctx = tempDb();
  let world: World;
  beforeAll(async () => {
    const fixture = buildLegacyFixture(ctx.db);
    importLegacyRelease(ctx.db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
    const app = testApp(ctx.db);
    const adj = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
    const maint = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
    world = { db: ctx.db, fixture, adj, maint };
  });
  afterAll(() => ctx.cleanup());
  return { world: () => world };
}

const url = (suffix = '', questionId = 'leg100_a') => `/api/adjudications/${questionId}${suffix}`;
const checked = (p: GoldPoint): GoldPoint => ({ ...p, checklist: { plausible: true, ambiguous: true, sufficient: true }, note: p.note || 'Reviewed.' });

/** Reopen leg100_a, save the points the edit makes of its gold points, resolve; the save event's details. */
async function editAndResolve(w: World, edit: (points: GoldPoint[]) => GoldPoint[], questionId = 'leg100_a'): Promise<Record<string, unknown>> {
  const draft = (await w.maint.post(url('/reopen', questionId)).send({ reason: 'continue curating' })).body as CaseView;
  const saved = await w.adj.put(url('', questionId)).send({ version: draft.gold.version, points: edit(draft.gold.points).map(checked), notes: 'edited' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const resolved = await w.adj.post(url('/resolve', questionId)).send({ version: (saved.body as CaseView).gold.version });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
  const event = eventsOf(w.db, 'adjudication.save').filter((e) => e.entityId === questionId).at(-1);
  return (event?.details ?? null) as Record<string, unknown>;
}

function stored(db: DB) {
  const problemA = problemIdOf(db, 'leg100_a');
  return {
    ids: readTaskRows(db, 'task_ids', problemA).map((r) => `${r.task_id} ${r.subset}`).sort(),
    overrides: readOverrides(db, problemA).map((o) => `${o.subset}:${o.kind}`),
    exclusions: readExclusions(db, problemA),
  };
}

const exported = (db: DB) => loadReleaseTasks(db, 'all-subsets').tasks.map((t) => ({ id: t.taskId, question: t.questionId, subset: t.subset, text: t.generated.text }));
const recordText = (f: LegacyFixture, taskId: string) => f.records.find((r) => r.task_id === taskId)!.modified_content;

describe('dropping point 1 of a three-point legacy problem', () => {
  const { world } = legacyWorld();

  it('keeps the ids, overrides and exclusions of the tasks of points 2 and 3 under their new keys, and drops those involving point 1', async () => {
    const w = world();
    expect(stored(w.db)).toEqual({
      ids: ['task_10 0', 'task_11 1', 'task_12 2', 'task_13 0,1', 'task_14 0,2', 'task_15 0,1,2'],
      overrides: ['0,1:edit', '0,1,2:rewrite', '0,2:rewrite', '2:rewrite'],
      exclusions: ['1,2'],
    });
    const details = await editAndResolve(w, (points) => points.slice(1));
    expect(stored(w.db)).toEqual({ ids: ['task_11 0', 'task_12 1'], overrides: ['1:rewrite'], exclusions: ['0,1'] });
    expect(details).toEqual({
      droppedOverrides: ['0,1', '0,1,2', '0,2'],
      droppedTaskIds: ['task_10 0', 'task_13 0,1', 'task_14 0,2', 'task_15 0,1,2'],
      movedOverrides: { '2': '1' },
      movedTaskIds: { '1': '0', '2': '1' },
      movedExclusions: { '1,2': '0,1' },
    });
  });

  it('exports the surviving tasks with their kept ids and texts, and still leaves out the excluded pair', () => {
    const w = world();
    const tasks = exported(w.db);
    expect(tasks.map((t) => `${t.id} ${t.question} ${t.subset}`)).toEqual([
      'task_11 leg100_a 0',
      'task_12 leg100_a 1',
      'task_20 leg100_b 0',
      'task_21 leg100_b 1',
      'task_22 leg100_b 0,1',
    ]);
    expect(tasks[0]!.text).toBe(recordText(w.fixture, 'task_11'));
    expect(tasks[1]!.text).toBe(recordText(w.fixture, 'task_12'));
  });
});

describe('editing a point of a legacy problem', () => {
  const { world } = legacyWorld();

  it('takes the kept ids and overrides from every task of the changed point; the other tasks keep theirs', async () => {
    const w = world();
    const details = await editAndResolve(w, (points) => points.map((p, i) => (i === 0 ? { ...p, question: 'Which values may the elements of A take?' } : p)));
    expect(stored(w.db)).toEqual({ ids: ['task_11 1', 'task_12 2'], overrides: ['2:rewrite'], exclusions: ['1,2'] });
    expect(details).toEqual({
      droppedOverrides: ['0,1', '0,1,2', '0,2'],
      droppedTaskIds: ['task_10 0', 'task_13 0,1', 'task_14 0,2', 'task_15 0,1,2'],
    });
  });

  it('exports the changed tasks with new ids after the highest kept one', () => {
    const w = world();
    expect(exported(w.db).map((t) => `${t.id} ${t.question} ${t.subset}`)).toEqual([
      'task_11 leg100_a 1',
      'task_12 leg100_a 2',
      'task_20 leg100_b 0',
      'task_21 leg100_b 1',
      'task_22 leg100_b 0,1',
      'task_23 leg100_a 0',
      'task_24 leg100_a 0,1',
      'task_25 leg100_a 0,2',
      'task_26 leg100_a 0,1,2',
    ]);
  });

  it('drops the exclusion of a pair whose point changed, so the new pair task is exported', async () => {
    const w = world();
    const details = await editAndResolve(w, (points) => points.map((p, i) => (i === 2 ? { ...p, question: 'Which sequences count as nice?' } : p)));
    expect(stored(w.db)).toEqual({ ids: ['task_11 1'], overrides: [], exclusions: [] });
    expect(details).toMatchObject({ droppedExclusions: ['1,2'], droppedOverrides: ['2'], droppedTaskIds: ['task_12 2'] });
    expect(exported(w.db).filter((t) => t.question === 'leg100_a').map((t) => `${t.id} ${t.subset}`)).toEqual([
      'task_11 1',
      'task_23 0',
      'task_24 2',
      'task_25 0,1',
      'task_26 0,2',
      'task_27 1,2',
      'task_28 0,1,2',
    ]);
  });
});

describe('retiring the ids of changed tasks', () => {
  const { world } = legacyWorld();

  it('never gives a dropped id to another task, even when it was the highest one', async () => {
    const w = world();
    // leg100_b holds the highest kept ids (task_20–task_22); changing its first point
    // retires task_20 and task_22, and the highest id still kept is task_21: the new tasks
    // must not get task_22 back.
    // (The new span stops where the legacy second point's deletion starts.)
    const second = (points: GoldPoint[]) => points[1]!.deletions[0]![0];
    const changed = (p: GoldPoint, points: GoldPoint[]): GoldPoint => ({ ...p, question: 'What is the largest N?', deletions: [[p.deletions[0]![0], second(points)]] });
    await editAndResolve(w, (points) => points.map((p, i) => (i === 0 ? changed(p, points) : p)), 'leg100_b');
    const retired = readRetiredTaskIds(w.db).sort();
    expect(retired).toEqual(['task_20', 'task_22']);
    expect(exported(w.db).filter((t) => t.question === 'leg100_b').map((t) => `${t.id} ${t.subset}`)).toEqual(['task_21 1', 'task_23 0', 'task_24 0,1']);
  });
});

describe('following points across an edit', () => {
  const p = (question: string) => ({ deletions: [], repairs: [], question, answer: 'a', type: null });

  it('maps unchanged points to their new index, whitespace-insensitively, and changed or dropped ones to null', () => {
    expect(pointMoves([p('x'), p('y'), p('z')], [p('y'), p(' z ')])).toEqual([null, 0, 1]);
    expect(pointMoves([p('x'), p('y')], [p('x'), p('changed')])).toEqual([0, null]);
  });

  it('moves a subset only when all its points survive in the same order', () => {
    expect(movedSubset('1,2', [null, 0, 1])).toBe('0,1');
    expect(movedSubset('0,1', [null, 0, 1])).toBeNull();
    // Swapped points: singletons follow them, the pair's questions would be listed in another order.
    expect(movedSubset('0', [1, 0])).toBe('1');
    expect(movedSubset('0,1', [1, 0])).toBeNull();
  });
});

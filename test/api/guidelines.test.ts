import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { annotationGuidelinesVersion } from '../../db/guidelines';
import { AMBIGUITY_TYPES } from '../../shared/taxonomy';
import type { GuidelinesVersionSummary, GuidelinesView } from '../../shared/guidelines/view';
import { assign, buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { actorOf, pointOn, submitPoints } from '../support/feedbackCase';
import { resolveGold, saveGold } from '../../server/services/adjudications/gold';
import { cutRelease, releaseFiles } from '../../server/services/releases/store';
import { saveGoldBody } from '../../shared/schemas/adjudication';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: Agent;
let anna: Agent;
let annaUser: BuiltUser;
const TEAM_TEXT = '# Team notes\n\nDelete **whole** clauses.';

beforeAll(async () => {
  const maintainer = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  annaUser = await buildUser(ctx.db, { username: 'anna', role: 'annotator' });
  mara = await loginAs(app, maintainer);
  anna = await loginAs(app, annaUser);
});
afterAll(() => ctx.cleanup());

const annotationId = (questionId: string) =>
  all<{ id: number }>(ctx.db, 'SELECT a.id FROM annotations a JOIN problems p ON p.id = a.problem_id WHERE p.question_id = ?', [questionId])[0]!.id;

describe('guidelines', () => {
  it('every logged-in role reads version 1: the 11 types with a definition and example each, the deletion rules, no team text yet', async () => {
    const res = await anna.get('/api/guidelines');
    expect(res.status).toBe(200);
    const g = res.body as GuidelinesView;
    expect(g).toMatchObject({ version: 1, currentVersion: 1, markdown: '', savedBy: null });
    expect(g.types.map((t) => t.name)).toEqual([...AMBIGUITY_TYPES]);
    for (const t of g.types) expect(t.definition.length && t.example.question.length && t.example.answer.length).toBeGreaterThan(0);
    expect(g.types.find((t) => t.name === 'Indices & Ranges')?.anchor).toBe('type-indices-ranges');
    expect(g.rules.map((r) => r.title)).toContain('Repairs');
    expect((await mara.get('/api/guidelines')).status).toBe(200);
  });

  it('a maintainer save makes the next version with who and when and an event; old versions stay readable', async () => {
    const res = await mara.put('/api/guidelines').send({ version: 1, markdown: TEAM_TEXT });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, currentVersion: 2, markdown: TEAM_TEXT, savedBy: 'mara' });
    expect((await anna.get('/api/guidelines')).body).toMatchObject({ version: 2, savedBy: 'mara' });
    expect((await anna.get('/api/guidelines?version=1')).body).toMatchObject({ version: 1, currentVersion: 2, markdown: '' });
    expect((await anna.get('/api/guidelines?version=9')).status).toBe(404);
    const versions = (await anna.get('/api/guidelines/versions')).body as GuidelinesVersionSummary[];
    expect(versions.map((v) => [v.version, v.savedBy, v.characters])).toEqual([
      [2, 'mara', TEAM_TEXT.length],
      [1, null, 0],
    ]);
    const events = eventsOf(ctx.db, 'guidelines.save').map((e) => ({ entity_id: e.entityId, actor: e.actor }));
    expect(events).toEqual([{ entity_id: '2', actor: 'mara' }]);
  });

  it('a save of a stale version is 409 with the current version, and writes nothing', async () => {
    const res = await mara.put('/api/guidelines').send({ version: 1, markdown: 'overwrite' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'stale_version', details: { currentVersion: 2 } });
    expect((await anna.get('/api/guidelines')).body).toMatchObject({ version: 2, markdown: TEAM_TEXT });
  });

  it('only maintainers save, and a bad body names its field', async () => {
    expect((await anna.put('/api/guidelines').send({ version: 2, markdown: 'mine' })).status).toBe(403);
    const bad = await mara.put('/api/guidelines').send({ version: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('markdown');
  });

  it('a submitted annotation records the guidelines version current when it was submitted; a draft records none', async () => {
    const first = buildProblem(ctx.db, { questionId: 'abc950_a' });
    const second = buildProblem(ctx.db, { questionId: 'abc951_a' });
    assign(ctx.db, first.id, annaUser.id, 1);
    assign(ctx.db, second.id, annaUser.id, 1);
    const point = pointOn(first.baseText, 'geometric progression', 'Which progression?', 'A geometric progression.', 'Terminology');
    submitPoints(ctx.db, annaUser, first, [point]);
    expect(annotationGuidelinesVersion(ctx.db, annotationId('abc950_a'))).toBe(2);

    // The draft of the second is saved under version 2; a new version is saved before it is submitted.
    const hash = (await anna.get('/api/annotations/abc951_a')).body.baseTextHash as string;
    const saved = await anna.put('/api/annotations/abc951_a').send({ version: 0, baseTextHash: hash, points: [point] });
    expect(annotationGuidelinesVersion(ctx.db, annotationId('abc951_a'))).toBeNull();
    expect((await mara.put('/api/guidelines').send({ version: 2, markdown: 'v3' })).body.version).toBe(3);
    expect((await anna.post('/api/annotations/abc951_a/submit').send({ version: saved.body.version, baseTextHash: hash })).status).toBe(200);
    expect(annotationGuidelinesVersion(ctx.db, annotationId('abc951_a'))).toBe(3);
    expect(annotationGuidelinesVersion(ctx.db, annotationId('abc950_a'))).toBe(2);
  });

  it("the data card of a release names the guidelines versions its gold's annotations were submitted under", async () => {
    const bert = await buildUser(ctx.db, { username: 'bert', role: 'annotator' });
    const ada = await buildUser(ctx.db, { username: 'ada', role: 'adjudicator' });
    const problem = buildProblem(ctx.db, { questionId: 'abc960_a' });
    assign(ctx.db, problem.id, annaUser.id, 1);
    assign(ctx.db, problem.id, bert.id, 2);
    const point = pointOn(problem.baseText, 'geometric progression', 'Which progression?', 'A geometric progression.', 'Terminology');
    submitPoints(ctx.db, annaUser, problem, [point]); // under version 3
    expect((await mara.put('/api/guidelines').send({ version: 3, markdown: 'v4' })).body.version).toBe(4);
    submitPoints(ctx.db, bert, problem, [point]); // under version 4
    const gold = { ...point, provenance: 'A', sources: { from: { a: 0, b: 0 } }, checklist: { plausible: true, ambiguous: true, sufficient: true } };
    saveGold(ctx.db, actorOf(ada), 'abc960_a', saveGoldBody.parse({ version: 0, points: [gold], notes: '' }));
    resolveGold(ctx.db, actorOf(ada), 'abc960_a', 1);
    cutRelease(ctx.db, { id: null, name: 'cli' }, { name: 'g1', notes: '', policy: 'all-subsets', extended: false });
    const card = releaseFiles(ctx.db, 'g1').files.find((f) => f.path === 'README.md')!.content.toString('utf8');
    expect(card).toContain('**Guidelines.** Annotated under guidelines versions 3, 4 (version 3: 1 submitted annotation; version 4: 1 submitted annotation)');
    expect(card).not.toContain('no recorded guidelines version');
  });
});

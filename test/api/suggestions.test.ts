import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdjudication } from '../../db/adjudications';
import { annotationRowsOfProblem } from '../../db/annotations';
import { writeGoldPoints } from '../../db/points';
import { CLI_ACTOR } from '../../db/events';
import { allExposures, allSuggestions, suggestionsOfProblem, upsertSuggestion } from '../../db/suggestions';
import { goldPointSchema } from '../../shared/schemas/adjudication';
import { setGlobalSuggestionPolicy, suggestionPolicyFor } from '../../server/services/suggestions/policy';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import type { AnnotationView } from '../../shared/schemas/annotation';
import type { SuggestionPolicy } from '../../shared/suggestions/schema';
import { hashOf } from '../support/baseText';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { rowCount } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-suggestions-');
let anna: BuiltUser;
let bert: BuiltUser;
let shared: BuiltProblem;
let other: BuiltProblem;
let asAnna: Agent;
let asBert: Agent;

const span = (p: BuiltProblem, phrase: string): [number, number] => {
  const at = p.baseText.indexOf(phrase);
  if (at < 0) throw new Error(`"${phrase}" is not in the base text`);
  return [at, at + phrase.length];
};
const suggested = (p: BuiltProblem, phrase = 'of positive integers') => ({ deletions: [span(p, phrase)], question: 'Which values may the elements take?', answer: 'Positive integers.', type: 'Collection Semantics' });
const line = (questionId: string, agent: string, points: unknown[], extra: object = {}) => JSON.stringify({ question_id: questionId, agent, points, ...extra });

let files = 0;
function write(lines: string[]): string {
  const file = path.join(dir, `s${++files}.jsonl`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}
const storedSuggestions = () => allSuggestions(ctx.db).map(({ agent }) => ({ agent })).sort((a, b) => a.agent.localeCompare(b.agent));
const policy = (p: SuggestionPolicy) => setGlobalSuggestionPolicy(ctx.db, CLI_ACTOR, p);
const view = async (agent: Agent, p = shared): Promise<AnnotationView> => {
  const res = await agent.get(`/api/annotations/${p.questionId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AnnotationView;
};
const save = (agent: Agent, version: number, body: object, p = shared) => agent.put(`/api/annotations/${p.questionId}`).send({ version, baseTextHash: hashOf(p), ...body });

beforeAll(async () => {
  anna = await buildUser(ctx.db);
  bert = await buildUser(ctx.db);
  shared = buildProblem(ctx.db, { title: 'Shared' });
  other = buildProblem(ctx.db, { title: 'Other' });
  assign(ctx.db, shared.id, anna.id, 1);
  assign(ctx.db, shared.id, bert.id, 2);
  assign(ctx.db, other.id, anna.id, 1);
  [asAnna, asBert] = await Promise.all([loginAs(app, anna), loginAs(app, bert)]);
});
afterAll(() => ctx.cleanup());

describe('suggestions import', () => {
  it('reports every bad line with its number and field, and stores nothing', async () => {
    const file = write([
      line(shared.questionId, 'model-a', [suggested(shared)]),
      line('abc999_z', 'model-a', [suggested(shared)]),
      line(shared.questionId, 'model-b', [{ ...suggested(shared), deletions: [[0, 99_999]] }]),
      line(shared.questionId, 'model-c', [{ ...suggested(shared), type: 'Vibes' }]),
      line(shared.questionId, 'model-d', [suggested(shared), suggested(shared), suggested(shared), suggested(shared)]),
      line(shared.questionId, 'model-e', [suggested(shared), suggested(shared)]),
      line(shared.questionId, 'model-a', [suggested(shared)]),
    ]);
    const res = await runCli(['suggestions', 'import', file, '--db', ctx.file]);
    expect(res.status).toBe(1);
    const errors = res.stderr.split('\n');
    expect(errors).toContain('line 2: question_id: there is no problem "abc999_z" (import the problems first)');
    expect(errors.some((l) => l.startsWith(`line 3: points[0].deletions[0]: range [0, 99999) must satisfy 0 ≤ start < end ≤ ${shared.baseText.length}`))).toBe(true);
    expect(errors.some((l) => l.startsWith('line 4: points[0].type: must be one of: Terminology'))).toBe(true);
    expect(errors).toContain('line 5: points: at most 3 points');
    expect(errors.some((l) => l.startsWith('line 6: points[1].deletions[0]: overlaps points[0].deletions[0]'))).toBe(true);
    expect(errors).toContain(`line 7: agent: model-a already suggests for ${shared.questionId} on line 1`);
    expect(res.stderr).toContain('error: nothing was imported (6 lines with errors)');
    expect(storedSuggestions()).toEqual([]);
  });

  it('stores a good file in one go, and a second import of the same problem and agent replaces it', async () => {
    const first = await runCli(['suggestions', 'import', write([line(shared.questionId, 'model-a', [suggested(shared)], { score: 0.8 }), line(other.questionId, 'model-a', [suggested(other)])]), '--db', ctx.file]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('2 suggestions: 2 new, 0 replaced');
    const again = await runCli(['suggestions', 'import', write([line(shared.questionId, 'model-a', [suggested(shared)], { score: 0.9 }), line(shared.questionId, 'model-b', [suggested(shared, 'geometric progression')])]), '--db', ctx.file]);
    expect(again.stdout).toContain('2 suggestions: 1 new, 1 replaced');
    expect(storedSuggestions().map((s) => s.agent)).toEqual(['model-a', 'model-a', 'model-b']);
  });
});

describe('the suggestion policy', () => {
  it('is off by default, shown and set by the CLI', async () => {
    expect((await runCli(['suggestions', 'policy', '--db', ctx.file])).stdout.trim()).toBe('off');
    expect((await runCli(['suggestions', 'policy', 'sometimes', '--db', ctx.file])).status).toBe(2);
    expect((await runCli(['suggestions', 'policy', 'always', '--db', ctx.file])).stdout).toContain('now always (was off)');
    expect((await runCli(['suggestions', 'policy', '--db', ctx.file])).stdout.trim()).toBe('always');
    policy('off');
  });

  it('off: the annotation view carries no suggestion field at all', async () => {
    const v = await view(asAnna);
    expect('suggestions' in v).toBe(false);
    expect('dismissed' in v).toBe(false);
    expect(rowCount(ctx.db, 'suggestion_exposures')).toBe(0);
  });

  it("a batch's own policy goes first, the global one applies to the rest", async () => {
    const batched = buildProblem(ctx.db, { title: 'Batched' });
    assign(ctx.db, batched.id, anna.id, 1);
    createBatch(ctx.db, CLI_ACTOR, createBatchBody.parse({ name: 'with-suggestions', due: '2030-01-31', problems: [batched.questionId], suggestionPolicy: 'always' }));
    expect([suggestionPolicyFor(ctx.db, batched.questionId), suggestionPolicyFor(ctx.db, shared.questionId)]).toEqual(['always', 'off']);
    expect('suggestions' in (await view(asAnna, batched))).toBe(true);
    expect('suggestions' in (await view(asAnna))).toBe(false);
  });

  it('after-draft: hidden until the annotator saved a point of their own, then shown (the other annotator still sees none)', async () => {
    policy('after-draft');
    expect('suggestions' in (await view(asAnna))).toBe(false);
    const empty = await save(asAnna, 0, { points: [{ deletions: [], question: 'Not yet', answer: '', type: null }] });
    expect(empty.status).toBe(200);
    expect('suggestions' in (await view(asAnna))).toBe(false);
    const own = await save(asAnna, 1, { points: [{ deletions: [span(shared, 'Standard Input')], question: '', answer: '', type: null }] });
    expect(own.status).toBe(200);
    const v = await view(asAnna);
    expect(v.suggestions?.map((s) => s.agent)).toEqual(['model-a', 'model-b']);
    expect(v.suggestions?.[0]).toMatchObject({ score: 0.9, points: [{ ...suggested(shared), repairs: [] }] });
    expect('suggestions' in (await view(asBert))).toBe(false);
  });

  it('always: both annotators are shown the same suggestions; a suggestion for an older base text is not shown', async () => {
    policy('always');
    upsertSuggestion(ctx.db, { problemId: shared.id, agent: 'stale', score: null, points: JSON.stringify([suggested(shared)]), source: 'import', baseSha256: '0'.repeat(64), createdAt: '2026-01-01T00:00:00.000Z' });
    const [a, b] = [await view(asAnna), await view(asBert)];
    expect(b.suggestions).toEqual(a.suggestions);
    expect(a.suggestions?.map((s) => s.agent)).toEqual(['model-a', 'model-b']);
    expect(allExposures(ctx.db).filter((e) => e.problem_id === shared.id).map(({ user_id }) => ({ user_id }))).toEqual([{ user_id: anna.id }, { user_id: bert.id }]);
  });
});

describe('provenance and the blind rules', () => {
  it('records suggested, then suggested-edited once a field changes; dismissals stay the annotator’s own', async () => {
    const a = await view(asAnna);
    const [first, second] = a.suggestions!;
    const accepted = { ...first!.points[0]! };
    const own = a.points[0]!;
    const saved = await save(asAnna, a.version, { points: [own, accepted], origins: [null, { suggestionId: first!.id, point: 0 }], dismissed: [{ suggestionId: second!.id, point: 0 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    let mine = await view(asAnna);
    expect(mine.origins.map((o) => o.provenance)).toEqual(['own', 'suggested']);
    expect(mine.origins[1]).toEqual({ provenance: 'suggested', suggestionId: first!.id, suggestionPoint: 0 });
    expect(mine.dismissed).toEqual([{ suggestionId: second!.id, point: 0 }]);

    const edited = await save(asAnna, mine.version, { points: [own, { ...accepted, question: 'Which numbers?' }], origins: [null, { suggestionId: first!.id, point: 0 }], dismissed: mine.dismissed });
    expect(edited.status).toBe(200);
    mine = await view(asAnna);
    expect(mine.origins.map((o) => o.provenance)).toEqual(['own', 'suggested-edited']);

    // Bert sees the same suggestions, none of Anna's dismissals, acceptances or points.
    const theirs = await view(asBert);
    expect(theirs.suggestions).toEqual(mine.suggestions);
    expect(theirs.dismissed).toEqual([]);
    expect(theirs.points).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Which numbers?');
  });

  it('refuses an origin that names a suggestion the annotator was not shown', async () => {
    policy('off');
    const o = await view(asAnna, other);
    const [row] = suggestionsOfProblem(ctx.db, other.id);
    const res = await save(asAnna, o.version, { points: [{ ...suggested(other), repairs: [] }], origins: [{ suggestionId: row!.id, point: 0 }] }, other);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe('origins[0]');
    expect(annotationRowsOfProblem(ctx.db, other.id)).toEqual([]);
    policy('always');
  });

  it('never serves suggestions to pilots, adjudicators or maintainers', async () => {
    for (const role of ['pilot', 'adjudicator', 'maintainer'] as const) {
      const agent = await loginAs(app, await buildUser(ctx.db, { role }));
      const res = await agent.get(`/api/annotations/${shared.questionId}`);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Which values may the elements take?');
    }
  });
});

describe('what the adjudicator and the analysis see', () => {
  it('shows each point’s provenance in the cross-check, and splits agreement by exposure and provenance', async () => {
    const a = await view(asAnna);
    const own = { deletions: [span(shared, 'Standard Input')], repairs: [], question: 'Where is the input read from?', answer: 'Standard Input.', type: 'Behavior' };
    const annaSave = await save(asAnna, a.version, { points: [own, a.points[1]], origins: [null, { suggestionId: a.suggestions![0]!.id, point: 0 }], dismissed: a.dismissed });
    expect(annaSave.status, JSON.stringify(annaSave.body)).toBe(200);
    const b = await view(asBert);
    const bertSave = await save(asBert, b.version, { points: [b.suggestions![0]!.points[0]], origins: [{ suggestionId: b.suggestions![0]!.id, point: 0 }] });
    expect(bertSave.status, JSON.stringify(bertSave.body)).toBe(200);
    for (const [agent, version] of [[asAnna, annaSave.body.version], [asBert, bertSave.body.version]] as const) {
      const res = await agent.post(`/api/annotations/${shared.questionId}/submit`).send({ version, baseTextHash: hashOf(shared) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const adjudicator = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
    const crossCheck = await adjudicator.get(`/api/adjudications/${shared.questionId}`);
    expect(crossCheck.status).toBe(200);
    expect(crossCheck.body.annotations.A.origins.map((o: { provenance: string }) => o.provenance)).toEqual(['own', 'suggested-edited']);
    expect(crossCheck.body.annotations.B.origins.map((o: { provenance: string }) => o.provenance)).toEqual(['suggested']);
    expect(JSON.stringify(crossCheck.body)).not.toContain(anna.username);

    const res = await runCli(['agreement', '--json', '--db', ctx.file]);
    const report = JSON.parse(res.stdout) as { suggestions: { byExposure: { both: { problems: number } }; byProvenance: { suggested: { problems: number; pointF1: { value: number } } }; agents: { agent: string; accepted: number; edited: number }[] } };
    expect(report.suggestions.byExposure.both.problems).toBe(1);
    // Anna's edited point and Bert's accepted one delete the same text: one matched pair of two suggested points.
    expect(report.suggestions.byProvenance.suggested).toMatchObject({ problems: 1, pointF1: { value: 1 } });
    expect(report.suggestions.agents.find((x) => x.agent === 'model-a')).toMatchObject({ accepted: 2, edited: 1 });
    expect((await runCli(['agreement', '--db', ctx.file])).stdout).toContain('points from suggestions');
  });
});

describe('the data card', () => {
  it('says how many gold points came from suggestions, and from which agents, only when some did', async () => {
    const { cardCreation } = await import('../../server/services/releases/facts');
    const { annotationProcess } = await import('../../shared/release/cardAnnotations');
    const { cardInput } = await import('../support/cardInput');
    expect(cardCreation(ctx.db, [shared.id]).suggested).toBeUndefined();
    // The adjudicator takes B's point (accepted from model-a as is) and A's own point.
    insertAdjudication(ctx.db, shared.id, { status: 'resolved', resolvedAt: '2026-12-01T00:00:00.000Z' });
    const gold = (provenance: 'A' | 'B', from: { a: number | null; b: number | null }) =>
      goldPointSchema.parse({ deletions: [[0, 5]], repairs: [], question: 'q', answer: 'a', type: 'Terminology', provenance, sources: { from } });
    writeGoldPoints(ctx.db, shared.id, [gold('B', { a: null, b: 0 }), gold('A', { a: 0, b: null })]);
    const creation = cardCreation(ctx.db, [shared.id]);
    expect(creation.suggested).toEqual({ goldPoints: 2, fromSuggestions: 1, agents: [{ agent: 'model-a', points: 1 }] });
    expect(cardCreation(ctx.db, [other.id]).suggested).toBeUndefined();
    const without = annotationProcess(cardInput({ creation: { ...creation, suggested: undefined } }));
    const withSuggestions = annotationProcess(cardInput({ creation }));
    expect(without).not.toContain('Model suggestions');
    expect(without).toContain('No text is generated by a model.');
    expect(withSuggestions).toContain('1 of the 2 gold points of the adjudicated problems came from an accepted suggestion (by agent: `model-a` 1)');
    expect(withSuggestions).not.toContain('No text is generated by a model.');
  });
});

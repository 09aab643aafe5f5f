import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdjudication } from '../../db/adjudications';
import { insertGoldPoint } from '../../db/points';
import type { CaseView } from '../../shared/adjudicationView';
import type { AnnotationView, SavedDraft } from '../../shared/schemas/annotation';
import type { Point } from '../../shared/edits';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { hashOf } from '../support/baseText';
import { tempDb } from '../support/db';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let annotator: Agent;
let adjudicator: Agent;
let problem: BuiltProblem;
let odd: BuiltProblem;
let elsewhere: BuiltProblem;
const REPEATED = 'Is the sequence allowed to be empty?';

beforeAll(async () => {
  const ann = await buildUser(ctx.db, { role: 'annotator' });
  const other = await buildUser(ctx.db, { role: 'annotator' });
  problem = buildProblem(ctx.db);
  odd = buildProblem(ctx.db, { statement: 'Print the sum ; ( mod 7 ) of the values.' });
  elsewhere = buildProblem(ctx.db);
  for (const p of [problem, odd]) assign(ctx.db, p.id, ann.id, 1);
  assign(ctx.db, problem.id, other.id, 2);
  buildAnnotation(ctx.db, problem.id, other.id, [{ deletions: [spanOf(problem.baseText, ' of positive integers')], question: 'B only question?', answer: 'positive', type: 'Behavior' }]);
  // A gold question of another problem: asking it word for word again is the release's question-repeated.
  insertAdjudication(ctx.db, elsewhere.id, { status: 'draft' });
  insertGoldPoint(ctx.db, elsewhere.id, 0, { deletions: [], question: REPEATED, provenance: 'new' });
  annotator = await loginAs(app, ann);
  adjudicator = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
});
afterAll(() => ctx.cleanup());

const point = (p: BuiltProblem, over: Partial<Point> & { cut?: string }): Point => ({
  deletions: [spanOf(p.baseText, over.cut ?? ' of positive integers')],
  repairs: [],
  question: 'What values can the elements take?',
  answer: 'Positive integers.',
  type: 'Collection Semantics',
  ...over,
});
const strip = ({ cut: _cut, ...p }: Point & { cut?: string }): Point => p;

async function save(p: BuiltProblem, points: Point[]): Promise<SavedDraft> {
  const current = (await annotator.get(`/api/annotations/${p.questionId}`)).body as AnnotationView;
  const res = await annotator.put(`/api/annotations/${p.questionId}`).send({ version: current.version, baseTextHash: hashOf(p), points: points.map(strip) });
  expect(res.status).toBe(200);
  return res.body as SavedDraft;
}

const rulesOf = (saved: SavedDraft) => saved.findings.map((f) => `${f.point}:${f.rule}`);

describe('findings at save', () => {
  it('a clean point has none', async () => {
    expect((await save(problem, [point(problem, {})])).findings).toEqual([]);
  });

  it('answer-not-from-deletion, partial-word and invisible-characters, each at its point', async () => {
    const saved = await save(problem, [
      point(problem, {}),
      point(problem, { cut: 'seque', answer: 'Via' }),
      point(problem, { cut: 'geometric', answer: 'geometric', question: 'Which \u202Eprogression?' }),
    ]);
    expect(rulesOf(saved)).toEqual(['1:answer-not-from-deletion', '1:partial-word', '2:invisible-characters']);
    expect(saved.findings[2]!.message).toContain('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(saved.findings[1]!.message).toContain('"sequence"');
  });

  it('answer-in-text, question-repeated and repair', async () => {
    const [, e] = spanOf(problem.baseText, ' Yes');
    const saved = await save(problem, [
      point(problem, { answer: 'Determine whether A is a geometric progression' }),
      point(problem, { cut: 'geometric', answer: 'geometric', question: `  ${REPEATED} ` }),
      point(problem, { cut: ' Yes', answer: 'Yes', repairs: [{ start: e, end: e + 1, text: '.' }] }),
    ]);
    expect(rulesOf(saved)).toEqual(['0:answer-not-from-deletion', '0:answer-in-text', '1:question-repeated', '2:repair']);
    expect(saved.findings[3]!.message).toContain('";" becomes "."');
  });

  it('nothing-deleted: a deletion of a space between punctuation', async () => {
    const at = odd.baseText.indexOf('; (') + 1;
    const saved = await save(odd, [{ deletions: [[at, at + 1]], repairs: [], question: '', answer: '', type: null }]);
    expect(rulesOf(saved)).toEqual(['0:nothing-deleted']);
  });

  it('GET returns the same findings as the save', async () => {
    const saved = await save(problem, [point(problem, { answer: 'Via' })]);
    const view = (await annotator.get(`/api/annotations/${problem.questionId}`)).body as AnnotationView;
    expect(view.findings).toEqual(saved.findings);
  });
});

describe('acknowledging findings on submit', () => {
  it('refuses a submit with an unacknowledged finding, accepts it with a reason, and shows the reason to the adjudicator', async () => {
    await save(problem, [point(problem, { answer: 'Via' })]);
    const url = `/api/annotations/${problem.questionId}/submit`;
    const version = ((await annotator.get(`/api/annotations/${problem.questionId}`)).body as AnnotationView).version;
    const refused = await annotator.post(url).send({ version, baseTextHash: hashOf(problem) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('unacknowledged_findings');
    expect(refused.body.error.details.findings).toEqual([expect.objectContaining({ point: 0, rule: 'answer-not-from-deletion' })]);
    const blank = await annotator.post(url).send({ version, baseTextHash: hashOf(problem), acknowledged: [{ point: 0, rule: 'answer-not-from-deletion', reason: '  ' }] });
    expect(blank.status).toBe(400);

    const reason = 'Via is the word the statement uses for routes.';
    const ok = await annotator.post(url).send({ version, baseTextHash: hashOf(problem), acknowledged: [{ point: 0, rule: 'answer-not-from-deletion', reason }, { point: 0, rule: 'repair', reason: 'not there' }] });
    expect(ok.status).toBe(200);
    expect((ok.body as AnnotationView).acknowledged).toEqual([{ point: 0, rule: 'answer-not-from-deletion', reason }]);

    const view = (await adjudicator.get(`/api/adjudications/${problem.questionId}`)).body as CaseView;
    expect(view.annotations.A!.acknowledged).toEqual([{ point: 0, rule: 'answer-not-from-deletion', reason }]);
    expect(view.annotations.B!.acknowledged).toEqual([]);
  });
});

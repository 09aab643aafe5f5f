import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackView, MyAgreementView } from '../../shared/feedback/view';
import { tempDb } from '../support/db';
import { buildFeedbackCase, THEIR_SECRET, type FeedbackCase } from '../support/feedbackCase';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let c: FeedbackCase;
let anna: Agent;
let bert: Agent;
let cleo: Agent;
let ada: Agent;
const Q = 'abc901_a';
const url = `/api/annotations/${Q}/feedback`;

beforeAll(async () => {
  c = await buildFeedbackCase(ctx.db, Q);
  anna = await loginAs(app, c.anna);
  bert = await loginAs(app, c.bert);
  cleo = await loginAs(app, c.cleo);
  ada = await loginAs(app, c.ada);
});
afterAll(() => ctx.cleanup());

/** Everything anna can read that is about her work, to search for the gold and bert's work. */
async function annasReads(): Promise<string> {
  const texts = await Promise.all(['/api/assignments', `/api/annotations/${Q}`, url, '/api/my-agreement', '/api/guidelines'].map(async (u) => (await anna.get(u)).text));
  return texts.join('\n');
}

describe('feedback before resolution', () => {
  it('is 403 for the problem’s annotators, 404 for another annotator, 403 for other roles', async () => {
    const mine = await anna.get(url);
    expect(mine.status).toBe(403);
    expect(mine.body.error.code).toBe('forbidden');
    expect((await bert.get(url)).status).toBe(403);
    expect((await cleo.get(url)).status).toBe(404);
    expect((await anna.get('/api/annotations/abc999_z/feedback')).status).toBe(404);
    expect((await ada.get(url)).status).toBe(403);
  });

  it('leaks nothing of the gold draft or of the other annotator into any of the annotator’s reads', async () => {
    const seen = await annasReads();
    for (const secret of [c.gold.question, 'Terminology, not Behavior', 'bert deleted', THEIR_SECRET, 'bert']) expect(seen, secret).not.toContain(secret);
    expect(((await anna.get('/api/my-agreement')).body as MyAgreementView).problems).toBe(0);
  });
});

describe('feedback after resolution', () => {
  beforeAll(() => c.resolve());

  it('shows the annotator’s own submission beside the gold, aligned, with the adjudicator’s notes', async () => {
    const res = await anna.get(url);
    expect(res.status).toBe(200);
    const f = res.body as FeedbackView;
    expect(f.mine.map((p) => [p.question, p.type])).toEqual([['Which progression is meant?', 'Behavior']]);
    expect(f.gold.map((p) => [p.question, p.type, p.note])).toEqual([[c.gold.question, 'Terminology', 'Terminology, not Behavior.']]);
    expect(f.guidelinesVersion).toBe(1);
    expect(f.crossCheck.alignment.pairs).toMatchObject([{ a: 0, b: 0, iou: 1, typeMatch: false, questionMatch: false, answerMatch: true }]);
    expect(f.crossCheck.marks.some((m) => m.kind === 'both')).toBe(true);
    expect(f.crossCheck.marks.some((m) => m.kind === 'onlyA' || m.kind === 'onlyB')).toBe(false);
    expect(f.notes).toBe('Took your deletion; the other annotator deleted the value range (the other annotator kept the rest).');
    expect(res.text).not.toContain('provenance');
  });

  it('never names the other annotator nor shows their work that did not become gold', async () => {
    const seen = await annasReads();
    expect(seen).not.toContain(THEIR_SECRET);
    expect(seen).not.toMatch(/\bbert\b/);
    const theirs = await bert.get(url);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toMatch(/\banna\b/);
    expect((theirs.body as FeedbackView).notes).toBe("Took the other annotator's deletion; you deleted the value range (you kept the rest).");
    expect((theirs.body as FeedbackView).mine[0]!.question).toContain(THEIR_SECRET);
    expect((theirs.body as FeedbackView).crossCheck.alignment).toMatchObject({ pairs: [], unmatchedA: [0], unmatchedB: [0] });
    expect((await cleo.get(url)).status).toBe(404);
  });

  it('My agreement counts the resolved problem for each of its annotators', async () => {
    const mine = (await anna.get('/api/my-agreement')).body as MyAgreementView;
    expect(mine).toMatchObject({ problems: 1, deletion: { value: 1 }, type: { value: 0, n: 1 } });
    expect(mine.perType).toMatchObject([{ type: 'Terminology', gold: 1, matched: 1, same: 0 }]);
    const theirs = (await bert.get('/api/my-agreement')).body as MyAgreementView;
    expect(theirs).toMatchObject({ problems: 1, deletion: { value: 0 } });
    expect(((await cleo.get('/api/my-agreement')).body as MyAgreementView).problems).toBe(0);
  });

  it('closes again when the problem is reopened', async () => {
    c.reopen();
    expect((await anna.get(url)).status).toBe(403);
    expect(((await anna.get('/api/my-agreement')).body as MyAgreementView).problems).toBe(0);
  });
});

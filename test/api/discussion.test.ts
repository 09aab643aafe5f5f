import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, run } from '../../db/database';
import { postComment } from '../../server/services/comments/comments';
import type { ProblemListPage } from '../../shared/schemas/backoffice';
import type { OpenFlagsView, ThreadView, UnreadView } from '../../shared/schemas/comments';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf, rowCount } from '../support/state';

// A problem's discussion, blind-safe for double annotation.
const ctx = tempDb();
const app = testApp(ctx.db);
/** bert's account id: distinctive, so a leak of it is found by searching the JSON text. */
const BERT_ID = 987_654;
const BERT_QUESTION = 'BERTSECRET: may the sequence be constant?';
const BERT_FLAG = 'BERTFLAG the constraints contradict the statement';
let p: BuiltProblem;
let anna: BuiltUser, bert: BuiltUser, cleo: BuiltUser, ada: BuiltUser, mara: BuiltUser, pete: BuiltUser;
let as: Record<'anna' | 'bert' | 'cleo' | 'ada' | 'mara' | 'pete', Agent>;

const url = (q = p.questionId) => `/api/problems/${q}/comments`;
const thread = async (agent: Agent): Promise<ThreadView> => {
  const res = await agent.get(url());
  expect(res.status, res.text).toBe(200);
  return res.body as ThreadView;
};
const post = async (agent: Agent, body: object): Promise<ThreadView> => {
  const res = await agent.post(url()).send(body);
  expect(res.status, res.text).toBe(201);
  return res.body as ThreadView;
};
const submit = (u: BuiltUser) => buildAnnotation(ctx.db, p.id, u.id, [{ deletions: [spanOf(p.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.', type: 'Terminology' }]);
const unread = async (agent: Agent) => ((await agent.get('/api/comments/unread')).body as UnreadView).total;

beforeAll(async () => {
  anna = await buildUser(ctx.db, { username: 'anna' });
  bert = await buildUser(ctx.db, { username: 'bertrand' });
  run(ctx.db, 'UPDATE users SET id = ? WHERE id = ?', [BERT_ID, bert.id]);
  bert = { ...bert, id: BERT_ID };
  cleo = await buildUser(ctx.db, { username: 'cleo' });
  ada = await buildUser(ctx.db, { username: 'ada', role: 'adjudicator' });
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  pete = await buildUser(ctx.db, { username: 'pete', role: 'pilot' });
  p = buildProblem(ctx.db, { title: 'Flagged problem' });
  assign(ctx.db, p.id, anna.id, 1);
  assign(ctx.db, p.id, bert.id, 2);
  const users = { anna, bert, cleo, ada, mara, pete };
  as = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([k, u]) => [k, await loginAs(app, u)] as const))) as typeof as;
});
afterAll(() => ctx.cleanup());

describe('the blind rules', () => {
  let bertFlag: string;
  let bertQuestion: string;

  it("before both submit, the other annotator's thread holds neither bert's comments nor his name or id", async () => {
    bertQuestion = (await post(as.bert, { body: BERT_QUESTION })).comments[0]!.id;
    bertFlag = (await post(as.bert, { kind: 'flag', reason: 'broken', body: BERT_FLAG })).comments[1]!.id;
    await post(as.anna, { body: 'Is N at least 2?' });
    const seen = [await as.anna.get(url()), await as.anna.get('/api/comments/unread')].map((r) => r.text).join('\n');
    for (const leak of ['BERTSECRET', 'BERTFLAG', 'bertrand', String(BERT_ID)]) expect(seen, leak).not.toContain(leak);
    const mine = await thread(as.anna);
    expect(mine.comments.map((c) => [c.author, c.thread, c.body])).toEqual([['you', 'yours', 'Is N at least 2?']]);
    expect(mine).toMatchObject({ othersShown: false, canResolve: false, openFlags: 0 });
    // bert sees his own thread only
    expect((await thread(as.bert)).comments.map((c) => c.body)).toEqual([BERT_QUESTION, BERT_FLAG]);
  });

  it("a hidden comment cannot be answered: replying to it is the 404 of a missing one", async () => {
    const res = await as.anna.post(url()).send({ body: 'Me too.', replyTo: bertQuestion });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(`There is no comment ${bertQuestion} on ${p.questionId}.`);
  });

  it("a staff reply goes to the asker's thread only, and adjudicators see A and B, never names", async () => {
    const staff = await post(as.ada, { body: 'Yes, a constant sequence is geometric.', replyTo: bertQuestion });
    expect(staff.comments.map((c) => [c.author, c.thread])).toEqual([
      ['Annotator B', 'Annotator B'],
      ['Annotator B', 'Annotator B'],
      ['Annotator A', 'Annotator A'],
      ['you', 'Annotator B'],
    ]);
    expect(JSON.stringify(staff)).not.toMatch(/bertrand|anna|987654/);
    expect(staff).toMatchObject({ canResolve: true, openFlags: 1 });
    expect((await thread(as.anna)).comments.map((c) => c.body)).toEqual(['Is N at least 2?']);
    const toBert = (await thread(as.bert)).comments.at(-1)!;
    expect(toBert).toMatchObject({ author: 'ada (adjudicator)', fromStaff: true, thread: 'yours', replyTo: bertQuestion, unread: true });
    // a note that answers nothing goes to both annotators
    await post(as.mara, { body: 'Note to both: read the constraints first.' });
    expect((await thread(as.anna)).comments.map((c) => c.author)).toEqual(['you', 'mara (maintainer)']);
  });

  it('after both submit, the other thread shows, its author "the other annotator"', async () => {
    submit(anna);
    expect((await thread(as.anna)).othersShown).toBe(false);
    submit(bert);
    const res = await as.anna.get(url());
    for (const leak of ['bertrand', String(BERT_ID)]) expect(res.text, leak).not.toContain(leak);
    const view = res.body as ThreadView;
    expect(view.othersShown).toBe(true);
    expect(view.comments.map((c) => [c.author, c.thread])).toEqual([
      ['the other annotator', "the other annotator's"],
      ['the other annotator', "the other annotator's"],
      ['you', 'yours'],
      ['ada (adjudicator)', "the other annotator's"],
      ['mara (maintainer)', 'everyone'],
    ]);
    expect(view.comments[1]).toMatchObject({ kind: 'flag', reason: 'broken', body: BERT_FLAG, resolved: null });
  });

  it('names appear to adjudicators only once a maintainer reveals them', async () => {
    expect((await as.mara.put('/api/settings/reveal-names').send({ revealNames: true })).status).toBe(200);
    expect((await thread(as.ada)).comments[0]!.author).toBe('Annotator B (bertrand)');
    await as.mara.put('/api/settings/reveal-names').send({ revealNames: false });
    expect((await thread(as.ada)).comments[0]!.author).toBe('Annotator B');
  });

  it('open flags show for staff and on the problem list, until resolved; resolving is an event', async () => {
    const flags = (await as.ada.get('/api/comments/open-flags')).body as OpenFlagsView;
    expect(flags.problems).toEqual([
      { questionId: p.questionId, title: 'Flagged problem', ready: true, flags: [{ id: bertFlag, reason: 'broken', body: BERT_FLAG, author: 'Annotator B', createdAt: expect.any(String) }] },
    ]);
    const flagged = (await as.mara.get('/api/problems?flags=open')).body as ProblemListPage;
    expect(flagged.items.map((i) => [i.questionId, i.openFlags])).toEqual([[p.questionId, 1]]);
    const resolved = await as.ada.post(`${url()}/${bertFlag}/resolve`);
    expect(resolved.status, resolved.text).toBe(200);
    expect((resolved.body as ThreadView).openFlags).toBe(0);
    expect((resolved.body as ThreadView).comments.find((c) => c.id === bertFlag)!.resolved).toEqual({ at: expect.any(String), by: 'ada' });
    expect(((await as.ada.get('/api/comments/open-flags')).body as OpenFlagsView).problems).toEqual([]);
    expect(((await as.mara.get('/api/problems?flags=open')).body as ProblemListPage).total).toBe(0);
    const again = await as.mara.post(`${url()}/${bertFlag}/resolve`);
    expect([again.status, again.body.error.code]).toEqual([409, 'read_only']);
    const notFlag = await as.ada.post(`${url()}/${bertQuestion}/resolve`);
    expect([notFlag.status, notFlag.body.error.message]).toEqual([400, `Comment ${bertQuestion} is a comment, not a flag: only flags are resolved.`]);
    expect((await as.anna.post(`${url()}/${bertFlag}/resolve`)).status).toBe(403);
  });

  it('records every comment, flag and resolution as an event of the problem', () => {
    const events = eventsOf(ctx.db).filter((e) => e.entityType === 'problem' && e.entityId === p.questionId).map((e) => ({ action: e.action, actor: e.actor }));
    expect(events.map((e) => `${e.action} ${e.actor}`)).toEqual(['comment.add bertrand', 'comment.flag bertrand', 'comment.add anna', 'comment.add ada', 'comment.add mara', 'comment.resolve ada']);
  });
});

describe('access, input and read marks', () => {
  it('has the problem’s access rules: an unassigned annotator 404, a pilot 403, anonymous 401', async () => {
    expect((await as.cleo.get(url())).status).toBe(404);
    expect((await as.cleo.post(url()).send({ body: 'hello' })).status).toBe(404);
    expect((await as.pete.get(url())).status).toBe(403);
    expect((await as.pete.get('/api/comments/unread')).status).toBe(403);
    expect((await as.anna.get('/api/comments/open-flags')).status).toBe(403);
    expect((await as.ada.get(url('abc000_x'))).status).toBe(404);
    const anonymous = await (await import('supertest')).default(app).get(url());
    expect(anonymous.status).toBe(401);
  });

  it('names the field of bad input and stores nothing', async () => {
    const before = rowCount(ctx.db, 'comments');
    const cases: [object, string][] = [
      [{ kind: 'flag', body: 'x' }, 'reason'],
      [{ kind: 'comment', reason: 'unclear', body: 'x' }, 'reason'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(4001) }, 'body'],
      [{ kind: 'question', body: 'x' }, 'kind'],
      [{ kind: 'flag', reason: 'ugly', body: 'x' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await as.anna.post(url()).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toEqual([field]);
    }
    expect(rowCount(ctx.db, 'comments')).toBe(before);
  });

  it('counts unread replies per user until they are marked read', async () => {
    // anna has read nothing by others: bert's two comments (shown since both submitted), ada's reply to him and mara's note
    expect(await unread(as.anna)).toBe(4);
    const view = await thread(as.anna);
    const marked = await as.anna.post(`${url()}/read`).send({ upTo: view.comments.at(-1)!.id });
    expect(marked.status).toBe(200);
    expect((marked.body as ThreadView).comments.every((c) => !c.unread)).toBe(true);
    expect(await unread(as.anna)).toBe(0);
    await post(as.ada, { body: 'Resolved: constant sequences are geometric.' });
    const after = (await as.anna.get('/api/comments/unread')).body as UnreadView;
    expect(after).toEqual({ total: 1, problems: [{ questionId: p.questionId, title: 'Flagged problem', unread: 1 }] });
    // cleo's read marks are her own: she sees none of it
    expect(await unread(as.cleo)).toBe(0);
  });

  it('takes the time of a comment from the injected clock', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    const view = postComment(ctx.db, anna, { id: anna.id, name: anna.username }, p.questionId, { kind: 'comment', body: 'At a fixed time.' }, () => at);
    expect(view.comments.at(-1)).toMatchObject({ body: 'At a fixed time.', createdAt: '2026-01-02T03:04:05.000Z', mine: true });
  });
});

describe('comment ids', () => {
  it('say nothing about comments elsewhere: random, not row numbers, not ordered by time', async () => {
    const other = buildProblem(ctx.db, { title: 'Elsewhere' });
    assign(ctx.db, other.id, cleo.id, 1);
    const rowIds = () => all<{ id: number }>(ctx.db, 'SELECT id FROM comments').map((r) => String(r.id));
    const first = (await post(as.anna, { body: 'Before the others.' })).comments.at(-1)!.id;
    for (let k = 0; k < 5; k++) expect((await as.cleo.post(url(other.questionId)).send({ body: `Elsewhere ${k}` })).status).toBe(201);
    const second = (await post(as.anna, { body: 'After the others.' })).comments.at(-1)!.id;
    const mine = (await thread(as.anna)).comments.filter((c) => c.mine).map((c) => c.id);
    for (const id of mine) {
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      expect(rowIds()).not.toContain(id);
    }
    expect(new Set(mine).size).toBe(mine.length);
    expect(mine).toEqual(expect.arrayContaining([first, second]));
    // an id of another problem is no comment here
    const elsewhere = all<{ public_id: string }>(ctx.db, 'SELECT public_id FROM comments WHERE problem_id = ?', [other.id])[0]!.public_id;
    expect((await as.ada.post(`${url()}/${elsewhere}/resolve`)).status).toBe(404);
  });
});

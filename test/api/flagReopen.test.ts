import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadView } from '../../shared/schemas/comments';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { lastEventOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let p: BuiltProblem;
let anna: Agent, ada: Agent, mara: Agent, adjudicatorWhoAnnotated: Agent;
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  const annaUser = await buildUser(ctx.db, { username: 'anna' });
  const ollie = await buildUser(ctx.db, { username: 'ollie', role: 'adjudicator' });
  p = buildProblem(ctx.db, { title: 'Flagged problem' });
  assign(ctx.db, p.id, annaUser.id, 1);
  // ollie annotated the problem before becoming an adjudicator: he may neither close nor reopen its flags.
  assign(ctx.db, p.id, ollie.id, 2);
  buildAnnotation(ctx.db, p.id, ollie.id, [{ deletions: [spanOf(p.baseText, 'geometric ')] }]);
  anna = await loginAs(app, annaUser);
  ada = await loginAs(app, await buildUser(ctx.db, { username: 'ada', role: 'adjudicator' }));
  mara = await loginAs(app, await buildUser(ctx.db, { username: 'mara', role: 'maintainer' }));
  adjudicatorWhoAnnotated = await loginAs(app, ollie);
});

const url = (tail = '') => `/api/problems/${p.questionId}/comments${tail}`;

describe('reopening a closed flag', () => {
  let flag: string;

  it('an adjudicator reopens a flag a maintainer closed; the event keeps who had closed it', async () => {
    const posted = await anna.post(url()).send({ kind: 'flag', reason: 'unclear', body: 'May N be 1?' });
    flag = (posted.body as ThreadView).comments[0]!.id;
    expect((await mara.post(url(`/${flag}/resolve`))).status).toBe(200);
    const res = await ada.post(url(`/${flag}/reopen`));
    expect(res.status, res.text).toBe(200);
    const view = res.body as ThreadView;
    expect(view.openFlags).toBe(1);
    expect(view.comments[0]).toMatchObject({ id: flag, resolved: null });
    expect(lastEventOf(ctx.db, 'comment.reopen')).toMatchObject({ actor: 'ada', entityId: p.questionId, before: { resolved: true, resolvedBy: 'mara' }, after: { resolved: false } });
    // The problems list counts it open again.
    const list = await mara.get('/api/problems').query({ flags: 'open' });
    expect(list.body.items.map((x: { questionId: string }) => x.questionId)).toEqual([p.questionId]);
  });

  it('refuses an open flag (409), a comment (400), annotators (403) and staff who annotated the problem (403)', async () => {
    const open = await ada.post(url(`/${flag}/reopen`));
    expect(open.status).toBe(409);
    expect(open.body.error).toMatchObject({ code: 'not_resolved', message: `Flag ${flag} is open; there is nothing to reopen.` });
    const comment = (await anna.post(url()).send({ body: 'Just a question.' })).body as ThreadView;
    const commentId = comment.comments.at(-1)!.id;
    expect((await ada.post(url(`/${commentId}/reopen`))).status).toBe(400);
    await ada.post(url(`/${flag}/resolve`));
    expect((await anna.post(url(`/${flag}/reopen`))).status).toBe(403);
    const own = await adjudicatorWhoAnnotated.post(url(`/${flag}/reopen`));
    expect(own.status).toBe(403);
    expect(own.body.error.message).toContain('another adjudicator must reopen its flags');
  });
});

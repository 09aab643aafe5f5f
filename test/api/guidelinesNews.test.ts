import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guidelinesDiff } from '../../shared/guidelines/diff';
import type { GuidelinesNews } from '../../shared/guidelines/view';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: Agent;
let anna: Agent;
let bert: Agent;

beforeAll(async () => {
  const [m, a, b] = await Promise.all([buildUser(ctx.db, { role: 'maintainer' }), buildUser(ctx.db, { role: 'annotator' }), buildUser(ctx.db, { role: 'annotator' })]);
  [mara, anna, bert] = await Promise.all([loginAs(app, m), loginAs(app, a), loginAs(app, b)]);
});
afterAll(() => ctx.cleanup());

const news = async (agent: Agent): Promise<GuidelinesNews> => {
  const res = await agent.get('/api/guidelines/news');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as GuidelinesNews;
};

describe('guidelines changed since your last visit', () => {
  it('tells each annotator of a version saved since they last opened the guidelines, until they open them', async () => {
    expect(await news(anna)).toEqual({ current: 1, lastSeen: 1, changed: false });
    expect((await mara.put('/api/guidelines').send({ version: 1, markdown: '# Notes\n\nDelete whole clauses.\n' })).status).toBe(200);
    expect(await news(anna)).toEqual({ current: 2, lastSeen: 1, changed: true });
    const seen = await anna.put('/api/guidelines/seen').send({ version: 2 });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ current: 2, lastSeen: 2, changed: false });
    // per user: bert has not opened them
    expect(await news(bert)).toEqual({ current: 2, lastSeen: 1, changed: true });
    expect((await mara.put('/api/guidelines').send({ version: 2, markdown: '# Notes\n\nDelete whole sentences.\n' })).status).toBe(200);
    expect(await news(anna)).toEqual({ current: 3, lastSeen: 2, changed: true });
    // an older page open never moves the mark back
    await anna.put('/api/guidelines/seen').send({ version: 3 });
    await anna.put('/api/guidelines/seen').send({ version: 1 });
    expect(await news(anna)).toEqual({ current: 3, lastSeen: 3, changed: false });
  });

  it('refuses a version never saved, naming the field; the news is the annotators’', async () => {
    const bad = await anna.put('/api/guidelines/seen').send({ version: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('version: there is no guidelines version 9 (the current one is 3)');
    expect((await anna.put('/api/guidelines/seen').send({})).status).toBe(400);
    expect((await mara.get('/api/guidelines/news')).status).toBe(403);
  });
});

describe('what changed between two versions', () => {
  it('lists the lines kept, removed and added, as text', () => {
    expect(guidelinesDiff('# Notes\n\nDelete whole clauses.\n', '# Notes\n\nDelete whole sentences.\nKeep <b>tags</b>.\n')).toEqual([
      { kind: 'same', text: '# Notes' },
      { kind: 'same', text: '' },
      { kind: 'removed', text: 'Delete whole clauses.' },
      { kind: 'added', text: 'Delete whole sentences.' },
      { kind: 'added', text: 'Keep <b>tags</b>.' },
    ]);
    expect(guidelinesDiff('same\n', 'same\n')).toEqual([{ kind: 'same', text: 'same' }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { importLcbFile } from '../../server/services/lcbImport';
import { assign, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { problemIdOf, rowCount } from '../support/state';

// Every save names the base text it was made on; a re-import that changed the
// text between load and save gives 409 base_text_changed, and nothing is stored.
const ctx = tempDb();
const app = testApp(ctx.db);
let agent: Agent;
const QID = 'btc001_a';
const url = `/api/annotations/${QID}`;
const statement = (word: string) => `Print the ${word} of A and B.\n\nInput\n\nA B\n\nOutput\n\nPrint the answer.\n\nSample Input 1\n\n1 2\n\nSample Output 1\n\n3`;

beforeAll(async () => {
  await importLcbFile(ctx.db, writeJsonl([lcbRecord({ question_id: QID, question_content: statement('sum') })]), CLI_ACTOR);
  const user = await buildUser(ctx.db);
  assign(ctx.db, problemIdOf(ctx.db, QID), user.id, 1);
  agent = await loginAs(app, user);
});
afterAll(() => ctx.cleanup());

describe('saves name their base text', () => {
  it('GET returns the SHA-256 of the base text', async () => {
    const view = (await agent.get(url)).body as { baseText: string; baseTextHash: string };
    const { createHash } = await import('node:crypto');
    expect(view.baseTextHash).toBe(createHash('sha256').update(view.baseText).digest('hex'));
  });

  it('a first save after a re-import changed the text gets 409 base_text_changed and stores nothing', async () => {
    const loaded = (await agent.get(url)).body as { baseText: string; baseTextHash: string; version: number };
    const span = [loaded.baseText.indexOf('sum'), loaded.baseText.indexOf('sum') + 3];
    // Re-imported before anyone saved: allowed, the text now says "product".
    await importLcbFile(ctx.db, writeJsonl([lcbRecord({ question_id: QID, question_content: statement('product') })]), CLI_ACTOR);
    const res = await agent.put(url).send({ version: loaded.version, baseTextHash: loaded.baseTextHash, points: [{ deletions: [span], question: 'Which operation?', answer: 'The sum.', type: null }] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('base_text_changed');
    expect(res.body.error.message).toMatch(/statement of btc001_a changed after you opened it.*nothing was saved/);
    const fresh = (await agent.get(url)).body as { baseText: string; baseTextHash: string };
    expect(res.body.error.details).toEqual({ baseTextHash: fresh.baseTextHash });
    expect(fresh.baseText).toContain('product');
    expect(rowCount(ctx.db, 'annotations')).toBe(0);
    const submit = await agent.post(`${url}/submit`).send({ version: 0, baseTextHash: loaded.baseTextHash });
    expect(submit.status).toBe(409);
    expect(submit.body.error.code).toBe('base_text_changed');
  });

  it('saves on the current text; a save without the hash (an old client) gets a clear field-named 400', async () => {
    const view = (await agent.get(url)).body as { baseTextHash: string };
    expect((await agent.put(url).send({ version: 0, baseTextHash: view.baseTextHash, points: [] })).status).toBe(200);
    const old = await agent.put(url).send({ version: 1, points: [] });
    expect(old.status).toBe(400);
    expect(old.body.error.message).toMatch(/^baseTextHash: required: .*reload the editor/);
    const oldSubmit = await agent.post(`${url}/submit`).send({ version: 1 });
    expect(oldSubmit.status).toBe(400);
    expect(oldSubmit.body.error.message).toMatch(/^baseTextHash: required/);
  });

  it('a text changed after saves on it is still caught (the hash of a problem text is cached, never trusted past a change)', async () => {
    const view = (await agent.get(url)).body as { baseTextHash: string; version: number };
    const first = await agent.put(url).send({ version: view.version, baseTextHash: view.baseTextHash, points: [] });
    expect(first.status).toBe(200); // the hash of this text is now cached
    run(ctx.db, "UPDATE problems SET base_text = base_text || ' (changed)' WHERE question_id = ?", [QID]);
    const res = await agent.put(url).send({ version: first.body.version, baseTextHash: view.baseTextHash, points: [] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('base_text_changed');
    const fresh = (await agent.get(url)).body as { baseTextHash: string };
    expect(res.body.error.details).toEqual({ baseTextHash: fresh.baseTextHash });
    expect((await agent.put(url).send({ version: first.body.version, baseTextHash: fresh.baseTextHash, points: [] })).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { runLine, storeRun } from '../support/runFixture';
import { buildWorld, RELEASE, type World } from '../support/world';

// The importer stores a record's dialogue as the line wrote it (cut from the line, not serialised
// again): the drill-down must still show exactly the dialogue JSON.parse reads from the line.
const ctx = tempDb();
const app = testApp(ctx.db);
let w: World;
let ada: Agent;

beforeAll(async () => {
  w = await buildWorld(ctx.db);
  ada = await loginAs(app, w.users.adjudicator);
});
afterAll(() => ctx.cleanup());

describe('a run dialogue stored as the line wrote it', () => {
  it('shows the dialogue JSON.parse reads: escapes decoded, extra message keys dropped, the last of duplicate keys', async () => {
    const line = runLine('task_1', w.problems.resolved.questionId, 1, ['Is it "sorted"?'], [0]);
    const messages = [
      { role: 'system', content: 'rules with "quotes", a \\ backslash, ünïcödé and a ] bracket', name: 'sys' },
      { role: 'user', content: 'the task\n"messages": [not a key]' },
      { role: 'assistant', content: '[QUESTION]\nIs it "sorted"?\n[/QUESTION]', extra: { messages: [1] } },
      { role: 'user', content: 'answer 1' },
      { role: 'assistant', content: '[CODE]\nprint(input())\n[/CODE]' },
    ];
    // An earlier "messages" member (JSON.parse keeps the last), spaces around the colon, a \u escape.
    const { messages: _dropped, ...rest } = { ...line };
    const text = `{"messages": [{"role": "user", "content": "stale"}], ${JSON.stringify(rest).slice(1, -1)}, "messages" :  ${JSON.stringify(messages).replace('ü', '\\u00fc')} }`;
    await storeRun(ctx.db, CLI_ACTOR, 'raw-dialogue', { release: RELEASE }, [text]);

    const res = await ada.get('/api/runs/tasks/task_1');
    expect(res.status).toBe(200);
    const run = (res.body.runs as { model: string; messages: { role: string; content: string; turn: number | null }[] }[]).find((r) => r.model === 'raw-dialogue')!;
    expect(run.messages.map((m) => ({ role: m.role, content: m.content }))).toEqual(messages.map((m) => ({ role: m.role, content: m.content })));
    expect(run.messages.map((m) => m.turn)).toEqual([null, null, 0, null, 1]);
    const stored = get<{ questions: string }>(ctx.db, "SELECT r.questions FROM run_records r JOIN runs u ON u.id = r.run_id WHERE u.model = 'raw-dialogue'")!;
    expect(JSON.parse(stored.questions)).toEqual(['Is it "sorted"?']);
  });
});

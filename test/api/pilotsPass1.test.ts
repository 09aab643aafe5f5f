/** `pilots export-lcb`: each pilot's run to LiveCodeBench and back with `runs import-pass1 --model human:<alias>`. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../db/events';
import { sessionsOfUser, turnsOfSession } from '../../db/pilots';
import { createStudyBody, saveCodeBody } from '../../shared/schemas/pilots';
import { runsReport } from '../../server/services/runs/reports';
import { askQuestion, myTasks, submitSession } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { reviewQuestion } from '../../server/services/pilots/review';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { evaluate } from '../support/lcbEvaluator';
import { buildPilotWorld, KQ, PILOT_RELEASE, sessionTaskId, type PilotWorld } from '../support/pilotWorld';

const ctx = tempDb();
let w: PilotWorld;
const out = tempDir('ccb-pilots-lcb-');
const codeOf = (alias: string, taskId: string) => `# ${taskId}\nprint("${alias === 'pia' ? 'PASS' : 'no'}")`;

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'exp', release: PILOT_RELEASE, pilots: ['pia', 'pete'], pilotsPerTask: 2, tasks: { mode: 'sample', size: 2, seed: 1 } }));
  for (const user of [w.users.pia, w.users.pete]) {
    const actor: Actor = { id: user.id, name: user.username };
    for (const t of myTasks(ctx.db, user.id).tasks) {
      askQuestion(ctx.db, actor, user.id, t.id, KQ.kind.question);
      submitSession(ctx.db, actor, user.id, t.id, saveCodeBody.parse({ version: 0, code: codeOf(user.username, sessionTaskId(ctx.db, t.id)) }));
    }
  }
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(out, { recursive: true, force: true });
});

describe('pilots export-lcb', () => {
  it("writes one evaluator input per pilot run (the submitted code), and the graded file comes back as that run's pass@1", async () => {
    const res = await runCli(['pilots', 'export-lcb', '--study', 'exp', '--out', out, '--db', ctx.file]);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/P01\.json: 1 entry for the LiveCodeBench evaluator: 1 task of 1 problem of human:P01\n/);
    expect(fs.readdirSync(out).sort()).toEqual(['P01.json', 'P02.json']);
    const entries = JSON.parse(fs.readFileSync(path.join(out, 'P01.json'), 'utf8')) as { question_id: string; code_list: string[] }[];
    expect(entries.flatMap((e) => e.code_list).every((c) => /^# task_\d+\nprint\("PASS"\)$/.test(c))).toBe(true);

    for (const alias of ['P01', 'P02']) {
      const imported = await runCli(['runs', 'import-pass1', evaluate(path.join(out, `${alias}.json`)), '--model', `human:${alias}`, '--db', ctx.file]);
      expect(imported.status, imported.stderr).toBe(0);
    }
    const pass1 = () => Object.fromEntries(runsReport(ctx.db).runs.map((r) => [r.model, r.pass1]));
    expect(pass1()).toEqual({ 'human:P01': 1, 'human:P02': 0 });

    // A review rewrites the pilot's run; its code is unchanged, so its grades still count.
    const turn = sessionsOfUser(ctx.db, w.users.pete.id)
      .flatMap((s) => turnsOfSession(ctx.db, s.id))
      .sort((a, b) => a.id - b.id)[0]!;
    reviewQuestion(ctx.db, { id: w.users.ada.id, name: 'ada' }, 'exp', turn.id, { version: 0, hit: false, keyQuestion: null, note: '' });
    expect(pass1()).toEqual({ 'human:P01': 1, 'human:P02': 0 });
  });
});

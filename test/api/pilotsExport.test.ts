/** `pilots export` writes run-output JSONL that `runs import` reads back to the same figures. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsOfUser, turnsOfSession } from '../../db/pilots';
import type { Actor } from '../../db/events';
import { runLineSchema } from '../../shared/runs/runLine';
import { createStudyBody, saveCodeBody } from '../../shared/schemas/pilots';
import { runsCuration, runsReport } from '../../server/services/runs/reports';
import { askQuestion, myTasks, submitSession } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { reviewQuestion } from '../../server/services/pilots/review';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { buildPilotWorld, KQ, PILOT_RELEASE, sessionTaskId, type PilotWorld } from '../support/pilotWorld';
import { RUN_OUTPUT_KEYS } from '../support/runFixture';
import { releaseRecords } from '../support/state';

const ctx = tempDb();
let w: PilotWorld;
const out = tempDir('ccb-pilots-');

/** The two-point problem's combined task and the one-point problem's task, in release order. */
function releaseTaskIds(): string[] {
  return releaseRecords<{ task_id: string; question_id: string; qa_pairs: unknown[] }>(ctx.db, PILOT_RELEASE)
    .filter((r) => (r.question_id === w.problems.two.questionId && r.qa_pairs.length === 2) || r.question_id === w.problems.one.questionId)
    .map((r) => r.task_id);
}

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  const taskIds = releaseTaskIds();
  createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'exp', release: PILOT_RELEASE, pilots: ['pia', 'pete'], pilotsPerTask: 2, tasks: { mode: 'tasks', taskIds } }));
  const play = (user: { id: number; username: string }, script: Record<string, string[]>) => {
    const actor: Actor = { id: user.id, name: user.username };
    for (const t of myTasks(ctx.db, user.id).tasks) {
      const taskId = sessionTaskId(ctx.db, t.id);
      for (const q of script[taskId] ?? []) askQuestion(ctx.db, actor, user.id, t.id, q);
      submitSession(ctx.db, actor, user.id, t.id, saveCodeBody.parse({ version: 0, code: `# ${taskId}\nprint("Yes")` }));
    }
  };
  const [combined, single] = taskIds as [string, string];
  play(w.users.pia, { [combined]: [KQ.kind.question, 'Should the output end with a newline?', KQ.values.question], [single]: [] });
  play(w.users.pete, { [combined]: ['Can A contain zero?'], [single]: [KQ.single.question, 'Is it a geometric one?'] });
  const peteSession = sessionsOfUser(ctx.db, w.users.pete.id).find((s) => s.task_id === combined)!;
  const peteTurn = turnsOfSession(ctx.db, peteSession.id).find((t) => t.turn === 0)!;
  reviewQuestion(ctx.db, { id: w.users.ada.id, name: 'ada' }, 'exp', peteTurn.id, { version: 0, hit: true, keyQuestion: 0, note: '' });
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(out, { recursive: true, force: true });
});

describe('pilots export', () => {
  it("writes one file per pilot, in the evaluator's run-output schema, with aliases only", async () => {
    const res = await runCli(['pilots', 'export', '--study', 'exp', '--out', out, '--db', ctx.file]);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['P01.jsonl', 'P02.jsonl', 'telemetry.json']);
    expect(fs.readFileSync(path.join(out, 'telemetry.json'), 'utf8')).not.toMatch(/pia|pete/);
    for (const file of ['P01.jsonl', 'P02.jsonl']) {
      const text = fs.readFileSync(path.join(out, file), 'utf8');
      expect(text).not.toMatch(/pia|pete/);
      const lines = text.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(Object.keys(line)).toEqual(RUN_OUTPUT_KEYS);
        expect(runLineSchema.safeParse(line).success).toBe(true);
      }
    }
    const first = JSON.parse(fs.readFileSync(path.join(out, 'P01.jsonl'), 'utf8').split('\n')[0]!);
    expect(first.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(first.messages[1].content).toBe(`[QUESTION]\n${KQ.kind.question}\n[/QUESTION]`);
    expect(first.messages[2].content).toBe(KQ.kind.answer);
    expect(first.messages[7].content).toMatch(/^\[CODE\]\n# task_\d+\nprint\("Yes"\)\n\[\/CODE\]$/);
    expect(first).toMatchObject({ turns: 4, hit_dict: { '0': 1, '1': 0, '2': 1 }, hit_questions: [KQ.values.question, KQ.kind.question], finished: true });
  });

  it('runs import reads each file back to the same TKQR, ORA, turns, diff, per K and per type', async () => {
    for (const alias of ['P01', 'P02']) {
      const model = `reimport-${alias}`;
      const res = await runCli(['runs', 'import', path.join(out, `${alias}.jsonl`), '--model', model, '--release', PILOT_RELEASE, '--db', ctx.file]);
      expect(res.status, res.stderr).toBe(0);
      const runs = runsReport(ctx.db).runs;
      const human = runs.find((r) => r.model === `human:${alias}`)!;
      const back = runs.find((r) => r.model === model)!;
      expect(back.kind).toBe('model');
      for (const field of ['tasks', 'tkqr', 'ora', 'avg_turns', 'avg_diff', 'per_k', 'per_type'] as const) expect(back[field], `${alias} ${field}`).toEqual(human[field]);
    }
    // The reviewed label counts: pete's "Can A contain zero?" was corrected to a hit.
    const pete = runsReport(ctx.db).runs.find((r) => r.model === 'human:P02')!;
    expect(pete.per_k['2']!.tkqr).toBeGreaterThan(0);
    // Discoverability counts the pilots' runs and the (re-imported, model) runs apart.
    const kind = runsCuration(ctx.db).keyQuestions.find((k) => k.question === KQ.kind.question)!;
    expect(kind.humans).toEqual({ runs: 2, hitBy: ['human:P01'] });
    expect(kind.models).toEqual({ runs: 2, hitBy: ['reimport-P01'] });
  });
});

describe('pilots create and status', () => {
  it('creates a sampled study from the command line and reports a study, refusing bad input with the field named', async () => {
    const bad = await runCli(['pilots', 'create', '--study', 'cli', '--release', PILOT_RELEASE, '--pilots', 'pia', '--threshold', '2', '--db', ctx.file]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('threshold: must be between 0 and 1');
    const made = await runCli(['pilots', 'create', '--study', 'cli', '--release', PILOT_RELEASE, '--pilots', 'pia,pete', '--sample', '2', '--seed', '3', '--json', '--db', ctx.file]);
    expect(made.status, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ name: 'cli', tasks: 2, sampling: { mode: 'sample', size: 2, seed: 3 }, pilotList: [{ alias: 'P03' }, { alias: 'P04' }] });
    const status = await runCli(['pilots', 'status', '--study', 'exp', '--db', ctx.file]);
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toContain('progress: 4/4 sessions submitted');
    expect(status.stdout).toContain('live vs reviewed labels: 1 reviewed, accuracy 0.000');
    expect(status.stdout).toMatch(/P01 +human:P01 +2\/2/);
    expect(status.stdout).not.toMatch(/pia|pete/);
  });
});

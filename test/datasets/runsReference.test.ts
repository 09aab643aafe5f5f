import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { ReleaseRecord } from '../../shared/release/format';
import { askedQuestions, judgeCheck, type JudgeCheck } from '../../shared/runs/judge';
import { keyQuestionNum, meanScores, scoreTask, turnsTotal, type HitDict } from '../../shared/runs/metrics';
import { pyStrip } from '../../shared/runs/pyText';
import { importLcbFile } from '../../server/services/lcbImport';
import { importLegacyReleaseFile } from '../../server/services/releases/legacyImport';
import { importRunFile } from '../../server/services/runs/importRun';
import { runJudgeCheck, runsReport, taskScores } from '../../server/services/runs/reports';
import { EXAMPLE_RUN, EXAMPLE_RUN_REFERENCE, LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb } from '../support/db';
import { RUN_OUTPUT_KEYS } from '../support/runFixture';

interface Reference {
  aggregate: { num_tasks: number; TKQR: number; ORA: number; avg_turns: number; avg_diff: number };
  per_task: Record<string, { tkqr: number; ora: number; turns: number; diff: number }>;
  judge_check: Omit<JudgeCheck, 'ours_positive_rate'>;
}

const readJsonl = <T>(file: string): T[] => fs.readFileSync(requireDataset(file), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);
const reference = JSON.parse(fs.readFileSync(requireDataset(EXAMPLE_RUN_REFERENCE), 'utf8')) as Reference;
type Line = Parameters<typeof turnsTotal>[0] & { task_id: string; key_question_num?: number; qa_pairs?: unknown[]; hit_dict: HitDict; messages: { role: string; content: string }[] };
const lines = readJsonl<Line>(EXAMPLE_RUN);
const release = readJsonl<ReleaseRecord>(PUBLIC_RELEASE);
const keyQuestions = new Map(release.map((t) => [t.task_id, t.qa_pairs.map((qa) => pyStrip(qa.question)).filter((q) => q !== '')]));

const TOLERANCE = 1e-9;
const close = (actual: number | null, expected: number, what: string) => expect(Math.abs((actual ?? NaN) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOLERANCE);

function expectJudgeMatches(check: JudgeCheck) {
  const ref = reference.judge_check;
  expect(check.n_turns).toBe(ref.n_turns);
  expect(check.threshold).toBe(ref.threshold);
  expect(check.confusion_matrix).toEqual(ref.confusion_matrix);
  close(check.agreement_accuracy, ref.agreement_accuracy, 'accuracy');
  close(check.cohen_kappa, ref.cohen_kappa!, 'kappa');
  close(check.gpt_positive_rate, ref.gpt_positive_rate, 'judge positive rate');
  expect(check.threshold_sensitivity).toHaveLength(ref.threshold_sensitivity.length);
  ref.threshold_sensitivity.forEach((row, i) => {
    const got = check.threshold_sensitivity[i]!;
    close(got.threshold, row.threshold, `sweep[${i}].threshold`);
    close(got.accuracy, row.accuracy, `sweep ${row.threshold} accuracy`);
    close(got.kappa, row.kappa!, `sweep ${row.threshold} kappa`);
    close(got.ours_positive_rate, row.ours_positive_rate, `sweep ${row.threshold} positive rate`);
  });
  // The sweep row at the threshold is the headline figure.
  close(check.ours_positive_rate, ref.threshold_sensitivity.find((r) => r.threshold === ref.threshold)!.ours_positive_rate, 'positive rate at the threshold');
}

describe('the run-output fields the API tests write (RUN_OUTPUT_KEYS)', () => {
  it('are the fields of the example run’s first line, in its order', () => {
    expect(Object.keys(lines[0]!)).toEqual(RUN_OUTPUT_KEYS);
  });
});

describe('the metrics reproduce the reference implementation on example-model.jsonl', () => {
  const scores = lines.map((l) => ({ taskId: l.task_id, ...scoreTask(keyQuestionNum(l), turnsTotal(l), l.hit_dict) }));

  it('exercises the fallbacks: records without turns and without key_question_num', () => {
    expect(lines).toHaveLength(419);
    expect(lines.filter((l) => l.turns === undefined).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.key_question_num === undefined && Array.isArray(l.qa_pairs)).length).toBeGreaterThan(0);
  });

  it('every per-task TKQR, ORA, turns and diff to 1e-9', () => {
    expect(Object.keys(reference.per_task).sort()).toEqual(scores.map((s) => s.taskId).sort());
    for (const s of scores) {
      const ref = reference.per_task[s.taskId]!;
      close(s.tkqr, ref.tkqr, `${s.taskId} tkqr`);
      close(s.ora, ref.ora, `${s.taskId} ora`);
      close(s.turns, ref.turns, `${s.taskId} turns`);
      close(s.diff, ref.diff, `${s.taskId} diff`);
    }
  });

  it('the aggregate to 1e-9', () => {
    const m = meanScores(scores)!;
    expect(m.tasks).toBe(reference.aggregate.num_tasks);
    close(m.tkqr, reference.aggregate.TKQR, 'TKQR');
    close(m.ora, reference.aggregate.ORA, 'ORA');
    close(m.avgTurns, reference.aggregate.avg_turns, 'avg turns');
    close(m.avgDiff, reference.aggregate.avg_diff, 'avg diff');
  });

  it('the judge check and its threshold sweep', () => {
    const check = judgeCheck(lines.map((l) => ({ taskId: l.task_id, questions: askedQuestions(l.messages), hitDict: l.hit_dict })), keyQuestions)!;
    expectJudgeMatches(check);
  });
});

describe('the same figures through runs import, report, task-scores and judge-check', () => {
  const ctx = tempDb();
  beforeAll(async () => {
    await importLcbFile(ctx.db, requireDataset(LCB_SUBSET), CLI_ACTOR);
    importLegacyReleaseFile(ctx.db, requireDataset(PUBLIC_RELEASE), CLI_ACTOR, { name: 'public' });
    await importRunFile(ctx.db, requireDataset(EXAMPLE_RUN), { release: 'public' }, CLI_ACTOR, { model: 'example' });
    await importRunFile(ctx.db, requireDataset(EXAMPLE_RUN), { releaseFile: requireDataset(PUBLIC_RELEASE) }, CLI_ACTOR, { model: 'example-again' });
  });
  afterAll(() => ctx.cleanup());

  it('report: the aggregate, with the release SHA-256 and the unfinished count', () => {
    const { runs } = runsReport(ctx.db);
    const run = runs.find((r) => r.model === 'example')!;
    expect(run.tasks).toBe(419);
    expect(run.unfinished).toBe(lines.filter((l) => (l as { finished?: boolean }).finished === false).length);
    expect(run.release_sha256).toMatch(/^[0-9a-f]{64}$/);
    close(run.tkqr, reference.aggregate.TKQR, 'TKQR');
    close(run.ora, reference.aggregate.ORA, 'ORA');
    close(run.avg_turns, reference.aggregate.avg_turns, 'avg turns');
    close(run.avg_diff, reference.aggregate.avg_diff, 'avg diff');
    expect(Object.keys(run.per_k)).toEqual(['1', '2', '3']);
    expect(run.per_k['1']!.tasks + run.per_k['2']!.tasks + run.per_k['3']!.tasks).toBe(419);
  });

  it('per type: every key question of the imported release is attributed to the type of its recovered point', () => {
    const run = runsReport(ctx.db).runs.find((r) => r.model === 'example')!;
    const total = Object.values(run.per_type).reduce((n, t) => n + t.key_questions, 0);
    expect(total).toBe(release.reduce((n, t) => n + t.qa_pairs.length, 0));
    expect(run.per_type.unattributed).toBeUndefined();
  });

  it('task-scores: every task to 1e-9, in file order', () => {
    const rows = taskScores(ctx.db, 'example');
    expect(rows.map((r) => r.task_id)).toEqual(lines.map((l) => l.task_id));
    for (const r of rows) {
      const ref = reference.per_task[r.task_id]!;
      close(r.tkqr, ref.tkqr, `${r.task_id} tkqr`);
      close(r.ora, ref.ora, `${r.task_id} ora`);
      close(r.turns, ref.turns, `${r.task_id} turns`);
      close(r.diff, ref.diff, `${r.task_id} diff`);
    }
  });

  it('judge-check: the reference check and sweep, for a stored release and for the release file', () => {
    expectJudgeMatches(runJudgeCheck(ctx.db, 'example'));
    expectJudgeMatches(runJudgeCheck(ctx.db, 'example-again'));
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationStates } from '../../db/annotations';
import { assignmentList } from '../../db/assignments';
import type { AmbiguityType } from '../../shared/taxonomy';
import type { AgreementView } from '../../server/services/agreement';
import { buildProblem, type BuiltProblem } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { buildGold } from '../support/releaseBuilders';
import { rowCount } from '../support/state';

/*
 * Three problems share the sample base text (354 characters). A is the first annotator of a
 * problem in the file (assignment slot 1).
 *
 * P1 (alice, bob): alice deletes [60,77) "positive integers" (Terminology) and [304,321)
 *   "2 \leq N \leq 100" (Edge Cases); bob deletes [56,77) " of positive integers"
 *   (Terminology; IoU 17/21 with alice's) and [304,321) (Indices & Ranges; a type mismatch).
 *   Characters: both 34, only alice 0, only bob 4, kept 316.
 * P2 (alice, carol): both delete [258,288) "print Yes; otherwise, print No" (Output Format);
 *   carol adds [104,125) "geometric progression" (Terminology), which matches nothing.
 *   Characters: both 30, only carol 21, kept 303.
 * P3 (bob, carol): both delete [324,353) "All input values are integers" (Numerical Precision).
 *   Characters: both 29, kept 325.
 * Gold (resolved) on P1: [60,77) Terminology + [304,321) Indices & Ranges; on P2: [258,288) Output Format.
 *
 * Overall: 1062 characters; both 93, only A 0, only B 25, kept 944 → percent 1037/1062;
 *   A deleted 93, B 118: kappa = (1037·1062 − (93·118 + 969·944)) / (1062² − (93·118 + 969·944)) = 175584/202134.
 * Points: A 4, B 5, matched 4, unmatched B 1 → F1 = 8/9; mean IoU = (17/21 + 3)/4.
 * Types over 4 pairs (T,T) (Edge,Indices) (OF,OF) (NP,NP): percent 3/4; p_e = 3/16 → kappa 9/13;
 *   coincidences n = 8, Σn_c² = 14, disagreeing 2 → alpha = 1 − 7·2/50 = 0.72.
 * Counts: equal on P1 and P3 → 2/3; mean |difference| 1/3.
 * Gold (2 problems): alice 3 points, 3 kept, types 2/3; bob 2, 2, 2/2; carol 2 points, 1 kept, 1/1.
 * Pairs: alice/bob: deletion kappa 21488/22904, F1 1, type percent 1/2, kappa 1/3, alpha 0.4;
 *   alice/carol: deletion kappa 18180/25614, F1 2/3, type kappa undefined (one category);
 *   bob/carol: deletion kappa 1, F1 1.
 * Per problem score (mean of overlap, F1, type agreement): P2 (30/51 + 2/3 + 1)/3 ≈ 0.752,
 *   P1 (34/38 + 1 + 1/2)/3 ≈ 0.798, P3 1 — worst first: P2, P1, P3.
 */
const ctx = tempDb();
const dir = tempDir('ccb-agreement-');
let p1: BuiltProblem;
let p2: BuiltProblem;
let p3: BuiltProblem;
let report: AgreementView;

const point = (start: number, end: number, type: string, question = 'Which?', answer = 'This one.') => ({ deletions: [[start, end]], question, answer, type });

function lines(): string {
  const rows = [
    { question_id: p1.questionId, annotator: 'alice', points: [point(60, 77, 'Terminology'), point(304, 321, 'Edge Cases')] },
    { question_id: p1.questionId, annotator: 'bob', points: [point(56, 77, 'Terminology'), point(304, 321, 'Indices & Ranges')] },
    { question_id: p2.questionId, annotator: 'alice', points: [point(258, 288, 'Output Format')] },
    { question_id: p2.questionId, annotator: 'carol', points: [point(258, 288, 'Output Format'), point(104, 125, 'Terminology')] },
    { question_id: p3.questionId, annotator: 'bob', points: [point(324, 353, 'Numerical Precision')] },
    { question_id: p3.questionId, annotator: 'carol', points: [point(324, 353, 'Numerical Precision')] },
  ];
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

function resolveGold(problemId: number, gold: [number, number, string][]): void {
  buildGold(
    ctx.db,
    problemId,
    gold.map(([s, e, type]) => ({ deletions: [[s, e]], question: 'q', answer: 'a', type: type as AmbiguityType, provenance: 'A' })),
    { resolvedAt: '2025-01-01T00:00:00Z' },
  );
}

beforeAll(async () => {
  p1 = buildProblem(ctx.db, { questionId: 'abc001_a' });
  p2 = buildProblem(ctx.db, { questionId: 'abc002_b' });
  p3 = buildProblem(ctx.db, { questionId: 'abc003_c' });
  expect(p1.baseText.length).toBe(354);
  expect(p1.baseText.slice(56, 77)).toBe(' of positive integers');
  expect(p1.baseText.slice(304, 321)).toBe('2 \\leq N \\leq 100');
  expect(p1.baseText.slice(258, 288)).toBe('print Yes; otherwise, print No');
  expect(p1.baseText.slice(104, 125)).toBe('geometric progression');
  expect(p1.baseText.slice(324, 353)).toBe('All input values are integers');
  const file = path.join(dir, 'double.jsonl');
  fs.writeFileSync(file, lines());
  const imported = await runCli(['import-annotations', file, '--db', ctx.file]);
  expect(imported.stderr).toBe('');
  expect(imported.status).toBe(0);
  expect(imported.stdout).toContain('6 annotations: 6 created, 0 updated, 0 unchanged; 6 assignments created.');
  expect(imported.stdout).toContain('unusable random password: alice, bob, carol');
  resolveGold(p1.id, [[60, 77, 'Terminology'], [304, 321, 'Indices & Ranges']]);
  resolveGold(p2.id, [[258, 288, 'Output Format']]);
  const out = await runCli(['agreement', '--db', ctx.file, '--json']);
  expect(out.status).toBe(0);
  report = JSON.parse(out.stdout) as AgreementView;
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('import-annotations then agreement --json', () => {
  it('stores the annotations as submitted imports with two assignments per problem', () => {
    const rows = annotationStates(ctx.db);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'submitted' && r.source === 'import' && r.version === 1)).toBe(true);
    const slots = assignmentList(ctx.db);
    expect(slots.map((s) => `${s.question_id}:${s.username}:${s.slot}`)).toEqual([
      'abc001_a:alice:1', 'abc001_a:bob:2', 'abc002_b:alice:1', 'abc002_b:carol:2', 'abc003_c:bob:1', 'abc003_c:carol:2',
    ]);
  });

  it('reports deletion agreement per character', () => {
    expect(report.problems).toBe(3);
    expect(report.deletion).toMatchObject({ characters: 1062, bothDeleted: 93, onlyA: 0, onlyB: 25, bothKept: 944 });
    expect(report.deletion.percent.value).toBeCloseTo(1037 / 1062, 12);
    expect(report.deletion.kappa.value).toBeCloseTo(175584 / 202134, 12);
    expect(report.deletion.kappa.n).toBe(1062);
  });

  it('reports point detection', () => {
    expect(report.points).toMatchObject({ a: 4, b: 5, matched: 4, unmatchedA: 0, unmatchedB: 1 });
    expect(report.points.f1).toEqual({ value: 8 / 9, n: 9 });
    expect(report.points.meanIoU.value).toBeCloseTo((17 / 21 + 3) / 4, 12);
  });

  it('reports type agreement, the confusion matrix and per-type agreement', () => {
    expect(report.types.pairs).toBe(4);
    expect(report.types.percent).toEqual({ value: 0.75, n: 4 });
    expect(report.types.kappa.value).toBeCloseTo(9 / 13, 12);
    expect(report.types.alpha.value).toBeCloseTo(0.72, 12);
    const expected = Array.from({ length: 11 }, () => new Array<number>(11).fill(0));
    expected[0]![0] = 1; // Terminology
    expected[2]![3] = 1; // Edge Cases (A) vs Indices & Ranges (B)
    expected[5]![5] = 1; // Output Format
    expected[9]![9] = 1; // Numerical Precision
    expect(report.types.confusion).toEqual(expected);
    expect(report.types.labels[3]).toBe('Indices & Ranges');
    const perType = Object.fromEntries(report.types.perType.map((t) => [t.type, t.agreement.value]));
    expect(perType).toMatchObject({ Terminology: 1, 'Edge Cases': 0, 'Indices & Ranges': 0, 'Output Format': 1, 'Numerical Precision': 1, Units: null });
  });

  it('reports point counts and each annotator against the gold', () => {
    expect(report.counts.equal.value).toBeCloseTo(2 / 3, 12);
    expect(report.counts.meanAbsDifference.value).toBeCloseTo(1 / 3, 12);
    expect(report.gold.problems).toBe(2);
    const gold = report.gold.annotators.map((g) => [g.annotator, g.points, g.kept, g.keptShare.value, g.typeAccuracy.value]);
    expect(gold).toEqual([
      ['alice', 3, 3, 1, expect.closeTo(2 / 3, 12)],
      ['bob', 2, 2, 1, 1],
      ['carol', 2, 1, 0.5, 1],
    ]);
  });

  it('reports every figure per annotator pair', () => {
    const [ab, ac, bc] = report.pairs;
    expect(report.pairs.map((p) => p.annotators.join('/'))).toEqual(['alice/bob', 'alice/carol', 'bob/carol']);
    expect(ab!.deletion.kappa.value).toBeCloseTo(21488 / 22904, 12);
    expect(ab!.points.f1.value).toBe(1);
    expect(ab!.types.percent.value).toBe(0.5);
    expect(ab!.types.kappa.value).toBeCloseTo(1 / 3, 12);
    expect(ab!.types.alpha.value).toBeCloseTo(0.4, 12);
    expect(ab!.gold.annotators.map((g) => g.typeAccuracy.value)).toEqual([0.5, 1]);
    expect(ac!.deletion.kappa.value).toBeCloseTo(18180 / 25614, 12);
    expect(ac!.points.f1.value).toBeCloseTo(2 / 3, 12);
    expect(ac!.types.kappa).toEqual({ value: null, reason: 'expected agreement is 1 (every rating in one category)', n: 1 });
    expect(ac!.counts.meanAbsDifference.value).toBe(1);
    expect(bc!.deletion.kappa.value).toBe(1);
    expect(bc!.points.f1.value).toBe(1);
    expect(bc!.gold.problems).toBe(0);
  });

  it('lists problems worst first with their scores and titles', () => {
    expect(report.perProblem.map((p) => p.questionId)).toEqual(['abc002_b', 'abc001_a', 'abc003_c']);
    expect(report.perProblem[0]!.score.value).toBeCloseTo((30 / 51 + 2 / 3 + 1) / 3, 12);
    expect(report.perProblem[1]!.score.value).toBeCloseTo((34 / 38 + 1 + 0.5) / 3, 12);
    expect(report.perProblem[2]!.score.value).toBe(1);
    expect(report.perProblem[0]!.title).toMatch(/^Problem /);
  });

  it('gives every coefficient a seeded 95% bootstrap interval over the problems, overall and per pair', async () => {
    expect(Object.keys(report.intervals)).toEqual(['deletion.percent', 'deletion.kappa', 'points.f1', 'points.meanIoU', 'types.percent', 'types.kappa', 'types.alpha', 'counts.equal']);
    for (const interval of Object.values(report.intervals)) expect(interval).toMatchObject({ seed: 24, draws: 1000, level: 0.95 });
    const kappa = report.intervals['types.kappa'];
    expect(kappa.low!).toBeLessThanOrEqual(report.types.kappa.value!);
    expect(kappa.high!).toBeGreaterThanOrEqual(report.types.kappa.value!);
    // Three problems: a draw of P3 alone has one type category (Numerical Precision), so type κ is undefined there.
    expect(kappa.undefinedDraws).toBeGreaterThan(0);
    // Per pair: the figures, no intervals (they would cost as much again as the overall ones).
    expect('intervals' in report.pairs[0]!).toBe(false);
    // Reproducible: the same data gives the same intervals.
    const again = JSON.parse((await runCli(['agreement', '--db', ctx.file, '--json'])).stdout) as AgreementView;
    expect(again.intervals).toEqual(report.intervals);
  });

  it('prints readable tables without --json', async () => {
    const out = await runCli(['agreement', '--db', ctx.file]);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('Inter-annotator agreement over 3 problem(s)');
    expect(out.stdout).toContain('alice / bob');
    expect(out.stdout).toMatch(/Types \(matched pairs\)\s+4\s+75\.0%\s+kappa 0\.692, alpha 0\.720/);
    const i = report.intervals['types.kappa'];
    expect(out.stdout).toMatch(new RegExp(`Type agreement \\(Cohen's κ\\)\\s+0\\.692\\s+\\[${i.low!.toFixed(3)}, ${i.high!.toFixed(3)}\\]\\s+${i.undefinedDraws}\\s+substantial \\(Landis & Koch\\)`));
    expect(out.stdout).toContain("Krippendorff's α)  0.720");
    expect(out.stdout).toContain('tentative conclusions only (0.667 ≤ α < 0.8) (Krippendorff)');
    expect(out.stdout).toContain('95% intervals: percentile bootstrap over the 3 problems (resampled with replacement, 1,000 draws, seed 24)');
    expect(out.stdout).toContain('Small sample: 3 problems (fewer than 30); read it with care.');
    expect(out.stdout).toContain('Small sample: 4 matched typed pairs (fewer than 30); read it with care.');
  });

  it('changes nothing when the same file is imported again', async () => {
    const events = rowCount(ctx.db, 'events');
    const again = await runCli(['import-annotations', path.join(dir, 'double.jsonl'), '--db', ctx.file]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('6 annotations: 0 created, 0 updated, 6 unchanged; 0 assignments created.');
    expect(rowCount(ctx.db, 'events')).toBe(events);
    expect(annotationStates(ctx.db).every((r) => r.version === 1)).toBe(true);
  });
});

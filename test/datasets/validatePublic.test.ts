import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeBaseText } from '../../shared/baseText';
import { serializeRelease } from '../../shared/release/format';
import { releaseStats } from '../../shared/release/stats';
import { parseRelease, validateRelease } from '../../shared/release/validate';
import { LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { runCli } from '../support/cli';
import { PUBLIC_KEYWORD_COUNTS } from '../support/publicReleaseFigures';

const text = fs.readFileSync(requireDataset(PUBLIC_RELEASE), 'utf8');
const problems = fs
  .readFileSync(requireDataset(LCB_SUBSET), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { question_id: string; question_content: string; platform: string; contest_date: string; difficulty: string });
const baseTexts = new Map(problems.map((p) => [p.question_id, normalizeBaseText(p.question_content)]));

describe('the public release', () => {
  it('validates with no errors', () => {
    const report = validateRelease(text);
    expect(report.tasks).toBe(419);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('validates with no errors against its source problems; its repairs and rewordings are warnings', () => {
    const report = validateRelease(text, { problems: baseTexts });
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const repaired = new Set(report.findings.filter((f) => f.rule === 'repair' || f.rule === 'rewording').map((f) => f.task_id));
    expect(repaired.size).toBeGreaterThan(30);
    for (const f of report.findings.filter((x) => x.rule === 'repair')) expect(f.message).toMatch(/at offset \d+ \(base offset \d+\)/);
  });

  it('re-serializes byte for byte with the release serializer', () => {
    expect(serializeRelease(parseRelease(text).records.map((r) => r.record))).toBe(text);
  });

  it('gives the card statistics the dataset README lists', () => {
    const records = parseRelease(text).records.map((r) => r.record);
    const facts = problems.map((p) => ({ questionId: p.question_id, platform: p.platform, contestDate: p.contest_date, difficulty: p.difficulty }));
    const stats = releaseStats(records, facts);
    expect(stats.tasks).toBe(419);
    expect(stats.problems).toBe(80);
    expect(stats.k).toEqual([{ label: '1', count: 199 }, { label: '2', count: 169 }, { label: '3', count: 51 }]);
    expect(stats.keywordTotal).toBe(679);
    expect(Object.fromEntries(stats.keywords.map((c) => [c.label, c.count]))).toEqual(PUBLIC_KEYWORD_COUNTS);
    expect(stats.pointTypes).toBeNull();
    expect(stats.contestDates).toEqual({ from: '2025-01-12', to: '2025-04-05' });
    expect(Object.fromEntries(stats.difficulty.map((c) => [c.label, c.count]))).toEqual({ easy: 19, medium: 20, hard: 41 });
  });

  it('passes `validate --problems --json` with exit 0 and lists every finding', async () => {
    const res = await runCli(['validate', PUBLIC_RELEASE, '--problems', LCB_SUBSET, '--json']);
    expect(res.status).toBe(0);
    const report = JSON.parse(res.stdout) as { errors: number; warnings: number; findings: { task_id: string; rule: string; severity: string; message: string }[] };
    expect(report.errors).toBe(0);
    expect(report.findings).toHaveLength(report.warnings);
    for (const f of report.findings) expect(Object.keys(f)).toEqual(expect.arrayContaining(['task_id', 'rule', 'severity', 'message']));
  });
});

import type { ReleaseRecord } from '../../shared/release/format';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { normalizeBaseText } from '../../shared/baseText';
import { applyEdits } from '../../shared/edits';
import { reconstructEdits, type Reconstruction } from '../../shared/release/reconstruct';
import { importLcbFile } from '../../server/services/lcbImport';
import { buildRelease } from '../../server/services/releases/build';
import { importLegacyReleaseFile, type LegacyImportReport } from '../../server/services/releases/legacyImport';
import { writeReleaseDir } from '../../server/services/releases/writeDir';
import { LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb, tempDir } from '../support/db';
import { PUBLIC_KEYWORD_COUNTS } from '../support/publicReleaseFigures';


const readJsonl = <T>(file: string): T[] => fs.readFileSync(requireDataset(file), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);

const publicTasks = readJsonl<ReleaseRecord>(PUBLIC_RELEASE);
const baseTexts = new Map(readJsonl<{ question_id: string; question_content: string }>(LCB_SUBSET).map((p) => [p.question_id, normalizeBaseText(p.question_content)]));

/** The 30 single-point tasks that are not pure deletions of their base text. */
const NOT_PURE = [
  19, 21, 37, 49, 50, 51, 57, 65, 70, 85, 87, 89, 103, 110, 115, 116, 120, 126, 127, 134, 165, 171, 271, 282, 316, 318, 324, 330, 339, 408,
].map((n) => `task_${n}`);

describe('acceptance 2: reconstruction of the 199 single-point tasks of the public release', () => {
  const singles = publicTasks.filter((t) => t.qa_pairs.length === 1);
  const results = new Map<string, Reconstruction>(singles.map((t) => [t.task_id, reconstructEdits(baseTexts.get(t.question_id)!, t.modified_content)]));
  const repairsOf = (id: string) => {
    const task = singles.find((t) => t.task_id === id)!;
    const base = baseTexts.get(task.question_id)!;
    return results.get(id)!.repairs.map((r) => [base.slice(r.start, r.end), r.text]);
  };

  it('finds pure deletions for 169 of them and reports the other 30 with their repairs', () => {
    expect(singles).toHaveLength(199);
    const pure = singles.filter((t) => results.get(t.task_id)!.pure);
    expect(pure).toHaveLength(169);
    const others = singles.filter((t) => !results.get(t.task_id)!.pure).map((t) => t.task_id);
    expect(others).toEqual(NOT_PURE);
    for (const id of others) expect(results.get(id)!.repairs.length, id).toBeGreaterThan(0);
  });

  it('reconstructs every text exactly, with contiguous deletions at word boundaries', () => {
    for (const task of singles) {
      const base = baseTexts.get(task.question_id)!;
      const r = results.get(task.task_id)!;
      expect(applyEdits(base, [r]), task.task_id).toBe(task.modified_content);
    }
    // "(contiguous) " is one deletion, not the pieces a minimal edit script finds around its "s".
    const task246 = singles.find((t) => t.task_id === 'task_246')!;
    const base246 = baseTexts.get(task246.question_id)!;
    expect(results.get('task_246')!.deletions.map(([s, e]) => base246.slice(s, e))).toContain('(contiguous) ');
  });

  it('tells small repairs (punctuation, line breaks, letter case) from rewrites', () => {
    const explainable = NOT_PURE.filter((id) => results.get(id)!.explainable);
    expect(explainable).toHaveLength(12);
    expect(repairsOf('task_271')).toEqual([['e', 'E']]);
    expect(repairsOf('task_19')).toEqual([['', '\n']]);
    expect(repairsOf('task_110')).toEqual([['answer', 'result']]);
    expect(results.get('task_110')!.explainable).toBe(false);
    expect(repairsOf('task_120')).toEqual([['resulting', 'result']]);
  });
});

describe('acceptance 1: import-lcb, import-release, export reproduces the public release', () => {
  const ctx = tempDb();
  const out = tempDir('ccb-legacy-export-');
  let report: LegacyImportReport;
  let exported: ReleaseRecord[];
  let card: string;
  let manifest: { counts: { tasks: number; k: Record<string, number>; keywords: Record<string, number> } };

  beforeAll(async () => {
    await importLcbFile(ctx.db, LCB_SUBSET, CLI_ACTOR);
    report = importLegacyReleaseFile(ctx.db, PUBLIC_RELEASE, CLI_ACTOR);
    const built = buildRelease(ctx.db, { name: 'continued', notes: '', policy: 'all-subsets', extended: false });
    writeReleaseDir(path.join(out, 'release'), built.files);
    exported = readJsonl<ReleaseRecord>(path.join(out, 'release', 'ClarifyCodeBench.jsonl'));
    card = fs.readFileSync(path.join(out, 'release', 'README.md'), 'utf8');
    manifest = JSON.parse(fs.readFileSync(path.join(out, 'release', 'manifest.json'), 'utf8'));
  });
  afterAll(() => {
    ctx.cleanup();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('recovers all 80 problems and reports the repaired and rewritten tasks', () => {
    expect(report.problems).toMatchObject({ total: 80, recovered: 80, notImported: [], unrecoverable: [] });
    expect(report.singlePoint).toEqual({ pure: 169, repaired: 12, rewrite: 18 });
    expect(report.exclusions).toEqual([{ questionId: 'abc398_f', subset: '0,1' }]);
    // The public release breaks a few rules the editor enforces on new work (e.g. two points deleting the same text).
    expect(report.pointFindings).toHaveLength(12);
    expect(report.pointFindings.find((f) => f.questionId === 'abc398_b')!.findings[0]).toMatch(/a character can be deleted by one point only/);
  });

  it('writes the same 419 records, field for field, in the same order', () => {
    const differing = exported.map((r, i) => (JSON.stringify(r) === JSON.stringify(publicTasks[i]) ? null : r.task_id)).filter(Boolean);
    expect(differing).toEqual([]);
    expect(exported).toHaveLength(419);
    expect(exported).toEqual(publicTasks);
    // Even the bytes: the exporter writes JSON the way the public file was written.
    expect(fs.readFileSync(path.join(out, 'release', 'ClarifyCodeBench.jsonl'))).toEqual(fs.readFileSync(PUBLIC_RELEASE));
  });

  it('computes the card statistics from the file: K distribution and keyword counts', () => {
    expect(manifest.counts.tasks).toBe(419);
    expect(manifest.counts.k).toEqual({ '1': 199, '2': 169, '3': 51 });
    expect(manifest.counts.keywords).toEqual(PUBLIC_KEYWORD_COUNTS);
    expect(card).toMatch(/\b419\b/);
    for (const n of ['199', '169', '51', '188', '160']) expect(card).toContain(n);
  });
});

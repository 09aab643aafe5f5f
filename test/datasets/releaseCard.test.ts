import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { RELEASE_FILE, type ReleaseRecord } from '../../shared/release/format';
import { importLcbFile } from '../../server/services/lcbImport';
import { buildRelease, type BuiltRelease } from '../../server/services/releases/build';
import { importLegacyReleaseFile } from '../../server/services/releases/legacyImport';
import { importRunFile } from '../../server/services/runs/importRun';
import { runsReport } from '../../server/services/runs/reports';
import { expectSections } from '../support/cardSections';
import { expectTemplateLayout, TEMPLATE_HEADINGS } from '../support/datasetCardTemplate';
import { loadDatasetCard } from '../support/hubDatasetCard';
import { readCroissantRecords } from '../support/croissantReader';
import { EXAMPLE_RUN, EXAMPLE_RUN_REFERENCE, LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb } from '../support/db';

const publicBytes = fs.readFileSync(requireDataset(PUBLIC_RELEASE));
const publicTasks = publicBytes.toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as ReleaseRecord);
const OPTIONS = { name: 'v1.1', notes: '', policy: 'all-subsets', extended: false, date: '2026-12-01' } as const;

describe('the public release after import-lcb --lcb-version v6 and import-release, exported again', () => {
  const ctx = tempDb();
  let built: BuiltRelease;
  const text = (p: string) => built.files.find((f) => f.path === p)!.content.toString('utf8');

  beforeAll(async () => {
    await importLcbFile(ctx.db, LCB_SUBSET, CLI_ACTOR, { lcbVersion: 'v6' });
    importLegacyReleaseFile(ctx.db, PUBLIC_RELEASE, CLI_ACTOR);
    built = buildRelease(ctx.db, OPTIONS);
  }, 120_000);
  afterAll(() => ctx.cleanup());

  it('reads through croissant.json as mlcroissant reads JSON Lines: all 419 records equal the file, field for field', () => {
    expect(built.files[0]!.content.equals(publicBytes)).toBe(true);
    const meta = JSON.parse(text('croissant.json')) as Record<string, unknown>;
    const records = readCroissantRecords(meta, new Map([[RELEASE_FILE, text(RELEASE_FILE)]]), 'tasks');
    expect(records).toHaveLength(419);
    records.forEach((r, i) => expect(r, publicTasks[i]!.task_id).toEqual(publicTasks[i]));
    expect(meta).toMatchObject({ name: 'ClarifyCodeBench v1.1', version: '1.1.0', datePublished: '2026-12-01' });
  });

  it('has a card with every section, its creation paragraph and figures computed from the imported records', () => {
    const card = text('README.md');
    expectSections(card);
    const sha = createHash('sha256').update(publicBytes).digest('hex');
    expect(card).toContain(
      `Of the 80 source problems of this release:\n\n- 80 were imported from the release file \`ClarifyCodeBench.jsonl\` of the release \`ClarifyCodeBench\` (SHA-256 \`${sha}\`): the gold points were recovered from its tasks, and how they were annotated is not recorded in this tool.`,
    );
    expect(card).not.toContain('annotated here by two annotators');
    expect(card).not.toContain('**Deletion-only editing**');
    expect(card).toContain('Statements come from LiveCodeBench (release v6)');
    expect(card).toContain('- LiveCodeBench release of the statements: v6 (80 problems).');
    expect(card).toContain('Not available: none of the 80 released problems has two submitted independent annotations in this tool.');
    expect(card).toContain('no independent annotations are on record for the 80 imported problems');
    expect(card).toContain('| test | 419 | 80 | `ClarifyCodeBench.jsonl` |');
    expect(card).toContain('Every figure below is computed from the 419 records of `ClarifyCodeBench.jsonl` and their 80 source problems.');
    expect(card).toContain('The first record of `ClarifyCodeBench.jsonl` (`task_1`)');
    expect(card).toContain(`"question_id": "${publicTasks[0]!.question_id}"`);
    expect(card).toContain(`(its \`modified_content\` has ${publicTasks[0]!.modified_content.length} characters)`);
    expect(card).toContain('Known from the released records: 80 problems, all competitive-programming statements');
    expect(text('charts/k-distribution.svg')).toContain('<desc id="chart-desc">The 419 tasks of the release by K, with shares of all tasks: K = 1: 199 (47.5%); K = 2: 169 (40.3%); K = 3: 51 (12.2%).</desc>');
  });

  it('is byte-reproducible: the same database and options give the same bytes', () => {
    const again = buildRelease(ctx.db, OPTIONS);
    expect(again.files.map((f) => f.path)).toEqual(built.files.map((f) => f.path));
    again.files.forEach((f, i) => expect(f.content.equals(built.files[i]!.content), f.path).toBe(true));
  });

  it('has a card laid out as the Hub template, with no placeholder, whose front matter DatasetCard.load reads', () => {
    const card = text('README.md');
    const found = expectTemplateLayout(card);
    // Default settings: no card authors; every other template heading has data for it.
    expect(found).toEqual(TEMPLATE_HEADINGS.map((t) => t.title).filter((t) => t !== 'Dataset Card Authors'));
    const { data } = loadDatasetCard(card);
    expect(data).toMatchObject({ license: 'other', size_categories: ['n<1K'], pretty_name: 'ClarifyCodeBench v1.1', configs: [{ config_name: 'default', data_files: [{ split: 'test', path: RELEASE_FILE }] }] });
    expect(card).toContain('#### Who are the annotators?\n\nWho annotated the 80 imported problems is not recorded in this tool.');
  });

  it('export --runs with the example run over the imported release: the card repeats runs report, which matches the reference figures', async () => {
    await importRunFile(ctx.db, requireDataset(EXAMPLE_RUN), { release: 'ClarifyCodeBench' }, CLI_ACTOR, { model: 'example-model', replace: false });
    const withRuns = buildRelease(ctx.db, { ...OPTIONS, runs: ['example-model'] });
    const card = withRuns.files.find((f) => f.path === 'README.md')!.content.toString('utf8');
    expectTemplateLayout(card);
    const r = runsReport(ctx.db).runs.find((x) => x.model === 'example-model')!;
    const reference = (JSON.parse(fs.readFileSync(requireDataset(EXAMPLE_RUN_REFERENCE), 'utf8')) as { aggregate: { TKQR: number; ORA: number } }).aggregate;
    expect(r.tkqr!).toBeCloseTo(reference.TKQR, 12);
    expect(r.ora!).toBeCloseTo(reference.ORA, 12);
    expect(card).toContain(`| \`example-model\` | ${r.tkqr!.toFixed(3)} | ${r.ora!.toFixed(3)} | ${r.avg_turns!.toFixed(2)} | ${r.avg_diff!.toFixed(2)} | ${r.unfinished} | 419 | \`ClarifyCodeBench\` |`);
    // Only the card changes: the data files are the same bytes.
    expect(withRuns.files[0]!.content.equals(built.files[0]!.content)).toBe(true);
  });
});

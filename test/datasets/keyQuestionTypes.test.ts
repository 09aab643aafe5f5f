import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { ReleaseRecord } from '../../shared/release/format';
import { normalizeWhitespace } from '../../shared/runs/pyText';
import type { RunTables } from '../../shared/runs/report';
import { importLcbFile } from '../../server/services/lcbImport';
import { buildRelease } from '../../server/services/releases/build';
import { importLegacyReleaseFile } from '../../server/services/releases/legacyImport';
import { writeReleaseDir } from '../../server/services/releases/writeDir';
import { importRunFile } from '../../server/services/runs/importRun';
import { runsReport } from '../../server/services/runs/reports';
import { EXAMPLE_RUN, LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb, tempDir } from '../support/db';

// On the public release, key question types by identity, never by position.

const perType = (db: Parameters<typeof runsReport>[0], model: string): RunTables['per_type'] => runsReport(db).runs.find((r) => r.model === model)!.per_type;

describe('key question types after import-release of the public file', () => {
  const stored = tempDb();
  const fileOnly = tempDb();
  const out = tempDir('ccb-types-');
  let extended: ReleaseRecord[];

  beforeAll(async () => {
    requireDataset(EXAMPLE_RUN);
    await importLcbFile(stored.db, LCB_SUBSET, CLI_ACTOR);
    importLegacyReleaseFile(stored.db, PUBLIC_RELEASE, CLI_ACTOR, { name: 'public' });
    const built = buildRelease(stored.db, { name: 'typed', notes: '', policy: 'all-subsets', extended: true });
    writeReleaseDir(path.join(out, 'typed'), built.files);
    extended = fs
      .readFileSync(path.join(out, 'typed', 'ClarifyCodeBench.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as ReleaseRecord);
    await importRunFile(stored.db, EXAMPLE_RUN, { release: 'public' }, CLI_ACTOR, { model: 'example' });
    await importRunFile(fileOnly.db, EXAMPLE_RUN, { releaseFile: PUBLIC_RELEASE }, CLI_ACTOR, { model: 'example' });
  });
  afterAll(() => {
    stored.cleanup();
    fileOnly.cleanup();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it("export --extended types 0 of the 478 multi-question key questions differently from their one-question task", () => {
    const single = new Map<string, string | undefined>();
    for (const r of extended) if (r.qa_pairs.length === 1) single.set(`${r.question_id}\u0000${normalizeWhitespace(r.qa_pairs[0]!.question)}`, r.qa_pairs[0]!.type);
    const compared: string[] = [];
    const differing: string[] = [];
    for (const r of extended) {
      if (r.qa_pairs.length < 2) continue;
      for (const qa of r.qa_pairs) {
        const key = `${r.question_id}\u0000${normalizeWhitespace(qa.question)}`;
        if (!single.has(key)) continue;
        compared.push(r.task_id);
        if (single.get(key) !== qa.type) differing.push(`${r.task_id}: ${qa.question.slice(0, 40)} is ${qa.type}, ${single.get(key)} in its own task`);
      }
    }
    expect(compared).toHaveLength(478);
    expect(differing).toEqual([]);
    // Every multi-question key question has a type, the 13 reworded ones included.
    expect(extended.flatMap((r) => r.qa_pairs).filter((qa) => qa.type === undefined)).toEqual([]);
  });

  it('gives a run the same per-type table over the stored release and over --release-file of the same JSONL', () => {
    const overStored = perType(stored.db, 'example');
    const overFile = perType(fileOnly.db, 'example');
    expect(overFile).toEqual(overStored);
    expect(Object.values(overStored).reduce((n, t) => n + t.key_questions, 0)).toBe(690);
    // All 690 are typed: the 13 reworded questions find their point by question and answer.
    expect(overStored.unattributed).toBeUndefined();
  });
});

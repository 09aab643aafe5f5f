import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { keyQuestionNum, scoreTask, turnsTotal, type HitDict } from '../../shared/runs/metrics';
import { exportRunFile } from '../../server/services/runs/exportRun';
import { importRunFile } from '../../server/services/runs/importRun';
import { EXAMPLE_RUN, EXAMPLE_RUN_REFERENCE, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb, tempDir } from '../support/db';

// The exported run scores, line by line, as the benchmark's reference scored the original.
interface Reference {
  per_task: Record<string, { tkqr: number; ora: number; turns: number; diff: number }>;
}
type Line = Parameters<typeof turnsTotal>[0] & { task_id: string; key_question_num?: number; hit_dict: HitDict } & Record<string, unknown>;

describe('runs export of example-model.jsonl', () => {
  const ctx = tempDb();
  const dir = tempDir('ccb-export-ds-');
  const out = path.join(dir, 'example.jsonl');
  let exported: Line[];
  let original: Line[];
  beforeAll(async () => {
    await importRunFile(ctx.db, requireDataset(EXAMPLE_RUN), { releaseFile: PUBLIC_RELEASE }, CLI_ACTOR, { model: 'example' });
    exportRunFile(ctx.db, 'example', out);
    const read = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line);
    exported = read(out);
    original = read(EXAMPLE_RUN);
  });
  afterAll(() => {
    ctx.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives the reference implementation's TKQR, ORA, turns and diff for every task", () => {
    const reference = JSON.parse(fs.readFileSync(requireDataset(EXAMPLE_RUN_REFERENCE), 'utf8')) as Reference;
    expect(exported).toHaveLength(419);
    for (const line of exported) {
      const s = scoreTask(keyQuestionNum(line), turnsTotal(line), line.hit_dict);
      const ref = reference.per_task[line.task_id]!;
      for (const key of ['tkqr', 'ora', 'turns', 'diff'] as const) expect(Math.abs(s[key] - ref[key]), `${line.task_id} ${key}`).toBeLessThanOrEqual(1e-9);
    }
  });

  it('keeps each original field the import reads, value for value', () => {
    exported.forEach((line, i) => {
      const o = original[i]!;
      for (const key of ['id', 'task_id', 'prompt', 'messages', 'hit_dict', 'hit_questions', 'final_code', 'finished', 'key_question_num', 'turns', 'response_contents'] as const) {
        if (o[key] !== undefined) expect(line[key], `${o.task_id} ${key}`).toEqual(o[key]);
      }
    });
  });
});

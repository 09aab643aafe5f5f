import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { all, get } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { importRunFile } from '../../server/services/runs/importRun';
import { ImportError } from '../../server/services/lcbFile';
import { tempDb, tempDir } from '../support/db';
import { runFileText, runLine } from '../support/runFixture';

// A full garbage collection on demand, so that the heap sampled is what the import keeps alive.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const ctx = tempDb();
const dir = tempDir('ccb-large-run-');
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TASKS = 3000;
const MB = 1024 * 1024;

/** A release of TASKS one-question tasks, as a release file. */
function writeRelease(): string {
  const file = path.join(dir, 'release.jsonl');
  const lines = Array.from({ length: TASKS }, (_v, i) =>
    JSON.stringify({
      task_id: `task_${i + 1}`,
      question_id: `abc${i + 1}_a`,
      keywords: ['boundary'],
      modified_content: `Task ${i + 1}: read the input and print the answer.`,
      qa_pairs: [{ question: `Should task ${i + 1} count the ends?`, answer: 'Yes.' }],
    }),
  );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A run over it with long dialogues (about 21 KB a record), written line by line. */
function writeRun(): string {
  const file = path.join(dir, 'run.jsonl');
  const fd = fs.openSync(file, 'w');
  const filler = 'The grid has rows and columns; each cell holds a value that the answer sums. '.repeat(40);
  for (let i = 0; i < TASKS; i++) {
    const line = runLine(`task_${i + 1}`, `abc${i + 1}_a`, 1, [`Should task ${i + 1} count the ends?`, 'Is the input sorted?'], [1, 0]);
    const messages = line.messages as { role: string; content: string }[];
    for (const m of messages) m.content = `${m.content} ${i} ${filler}`;
    fs.writeSync(fd, `${JSON.stringify(line)}\n`);
  }
  fs.closeSync(fd);
  return file;
}

describe('run import of a large file', () => {
  it('keeps memory flat: the heap holds no more than a few records at any point of a 60 MB import', async () => {
    const release = writeRelease();
    const run = writeRun();
    const size = fs.statSync(run).size;
    expect(size).toBeGreaterThan(60 * MB);

    collect();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let samples = 0;
    let next = 0;
    const summary = await importRunFile(ctx.db, run, { releaseFile: release }, CLI_ACTOR, {
      model: 'long-dialogues',
      onProgress: (done) => {
        if (done < next) return;
        next = done + 8 * MB;
        collect();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        samples++;
      },
    });

    expect(summary.tasks).toBe(TASKS);
    expect(samples).toBeGreaterThanOrEqual(7);
    // Holding the records (as a read-then-write import would) keeps about the file's size alive.
    expect(peak).toBeLessThan(12 * MB);
    const stored = get<{ n: number; bytes: number }>(ctx.db, 'SELECT COUNT(*) AS n, SUM(LENGTH(messages)) AS bytes FROM run_records');
    expect(stored!.n).toBe(TASKS);
    expect(stored!.bytes).toBeGreaterThan(size * 0.4);
  });

  it('rolls back the records written before a bad line, keeps the run it would replace, and reports every bad line', async () => {
    const release = path.join(dir, 'release.jsonl');
    const file = path.join(dir, 'late-error.jsonl');
    const good = (i: number) => runLine(`task_${i}`, `abc${i}_a`, 1, ['Should it count the ends?'], [1]);
    const bad = { ...good(4), turns: -1 };
    fs.writeFileSync(file, runFileText([good(1), good(2), good(3), bad, good(5), good(2)]));
    const before = all(ctx.db, 'SELECT run_id, position, task_id FROM run_records ORDER BY run_id, position');
    const err = await importRunFile(ctx.db, file, { releaseFile: release }, CLI_ACTOR, { model: 'long-dialogues', replace: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).message).toMatch(/^Nothing was imported: line 4: turns: must not be negative/);
    expect((err as ImportError).issues.map((i) => `${i.line}: ${i.field}`)).toEqual(['4: turns', '6: task_id']);
    expect(all(ctx.db, 'SELECT run_id, position, task_id FROM run_records ORDER BY run_id, position')).toEqual(before);
    expect(get<{ tasks: number }>(ctx.db, "SELECT tasks FROM runs WHERE model = 'long-dialogues'")!.tasks).toBe(TASKS);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { listRunRows, recordPlaces, recordsOfRun, runReleaseShas, runRow, runStates, stagedRecordCount } from '../../db/runs';
import { CLI_ACTOR } from '../../db/events';
import { importRunFile } from '../../server/services/runs/importRun';
import { ImportError } from '../../server/services/lcbFile';
import { tempDb, tempDir } from '../support/db';
import { testApp } from '../support/http';
import { runFileText, runLine } from '../support/runFixture';
import { rowCount } from '../support/state';

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
    expect(rowCount(ctx.db, 'run_records')).toBe(TASKS);
    const stored = runStates(ctx.db).flatMap((r) => recordsOfRun(ctx.db, r.id));
    expect(stored).toHaveLength(TASKS);
    expect(stored.reduce((n, r) => n + r.messagesJson.length, 0)).toBeGreaterThan(size * 0.4);
  });

  it('rolls back the records written before a bad line, keeps the run it would replace, and reports every bad line', async () => {
    const release = path.join(dir, 'release.jsonl');
    const file = path.join(dir, 'late-error.jsonl');
    const good = (i: number) => runLine(`task_${i}`, `abc${i}_a`, 1, ['Should it count the ends?'], [1]);
    const bad = { ...good(4), turns: -1 };
    fs.writeFileSync(file, runFileText([good(1), good(2), good(3), bad, good(5), good(2)]));
    const before = recordPlaces(ctx.db);
    const err = await importRunFile(ctx.db, file, { releaseFile: release }, CLI_ACTOR, { model: 'long-dialogues', replace: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).message).toMatch(/^Nothing was imported: line 4: turns: must not be negative/);
    expect((err as ImportError).issues.map((i) => `${i.line}: ${i.field}`)).toEqual(['4: turns', '6: task_id']);
    expect(recordPlaces(ctx.db)).toEqual(before);
    expect(runRow(ctx.db, 'long-dialogues')!.tasks).toBe(TASKS);
  });

  it('answers other requests while a large run imports, and shows the run only whole', async () => {
    const release = path.join(dir, 'release.jsonl');
    const app = testApp(ctx.db);
    const visible = () => listRunRows(ctx.db).map(({ model, tasks }) => ({ model, tasks }));
    const before = visible();
    let done = false;
    const partial: number[] = [];
    const importing = importRunFile(ctx.db, path.join(dir, 'run.jsonl'), { releaseFile: release }, CLI_ACTOR, {
      model: 'long-dialogues-again',
      onProgress: () => {
        // Chunks are committed as the file is read, yet no reader sees a run of this model.
        partial.push(stagedRecordCount(ctx.db));
        expect(visible()).toEqual(before);
      },
    }).then((summary) => ((done = true), summary));
    const health = await request(app).get('/healthz');
    expect(health.status).toBe(200);
    // Answered before the import finished: the import let the event loop through.
    expect(done).toBe(false);
    const summary = await importing;
    expect(summary.tasks).toBe(TASKS);
    expect(Math.max(...partial)).toBeGreaterThan(0);
    expect(visible()).toEqual([...before, { model: 'long-dialogues-again', tasks: TASKS }].sort((a, b) => a.model.localeCompare(b.model)));
    expect(runStates(ctx.db).filter((r) => r.staged === 1)).toEqual([]);
  });

  it('a bad last line after many written chunks leaves nothing stored: no run, no record, no new release', async () => {
    const file = path.join(dir, 'bad-end.jsonl');
    const lines = Array.from({ length: 1600 }, (_v, i) => runLine(`task_${i + 1}`, `abc${i + 1}_a`, 1, ['Should it count the ends?'], [1]));
    fs.writeFileSync(file, runFileText([...lines, { ...runLine('task_1601', 'abc1601_a', 1, ['Should it count the ends?'], [1]), turns: -1 }]));
    // A release no run has used yet: stored for the import, and gone again with it.
    const otherRelease = path.join(dir, 'release-copy.jsonl');
    const extra = { task_id: 'task_3001', question_id: 'abc3001_a', keywords: ['boundary'], modified_content: 'One more task.', qa_pairs: [{ question: 'One more?', answer: 'Yes.' }] };
    fs.writeFileSync(otherRelease, `${fs.readFileSync(path.join(dir, 'release.jsonl'), 'utf8')}${JSON.stringify(extra)}\n`);
    const tables = () => ({
      runs: runStates(ctx.db).map(({ id, model, staged }) => ({ id, model, staged })),
      records: rowCount(ctx.db, 'run_records'),
      releases: runReleaseShas(ctx.db),
    });
    const before = tables();
    // Between the chunks the event loop turns: look at what is staged then.
    let staged = 0;
    let finished = false;
    const look = () => {
      if (finished) return;
      staged = Math.max(staged, stagedRecordCount(ctx.db));
      setImmediate(look);
    };
    setImmediate(look);
    const err = await importRunFile(ctx.db, file, { releaseFile: otherRelease }, CLI_ACTOR, { model: 'ends-badly' }).catch((e: unknown) => e);
    finished = true;
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).message).toMatch(/^Nothing was imported: line 1601: turns: must not be negative/);
    expect(staged).toBeGreaterThanOrEqual(1000);
    expect(tables()).toEqual(before);
  });
});

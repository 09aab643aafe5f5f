/**
 * A large file of bad lines is checked with bounded findings (the first issues listed, the other
 * lines counted) and in slices: the server answers other requests while it checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { runStates } from '../../db/runs';
import { importAnnotationsFile } from '../../server/services/annotationImport';
import { onCheckPause } from '../../server/files/eventLoopPacer';
import { MAX_LISTED_ISSUES } from '../../server/files/fileIssues';
import { ImportError, importLcbFile } from '../../server/services/lcbImport';
import { importRunFile } from '../../server/services/runs/importRun';
import { tempDb, tempDir } from '../support/db';
import { listen } from '../support/liveServer';
import { buildWorld, RELEASE, type World } from '../support/world';

const ctx = tempDb();
const dir = tempDir('ccb-bad-files-');
let w: World;
beforeAll(async () => {
  w = await buildWorld(ctx.db);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `count` lines of `{"id":1}`: each a bad record of every kind of file (two issues for a run line). */
function badFile(name: string, count: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '{"id":1}\n'.repeat(count));
  return file;
}

async function importError(work: Promise<unknown>): Promise<ImportError> {
  const err: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportError);
  return err as ImportError;
}

describe('bounded findings', () => {
  it('a run file of 12,345 bad lines: the first issues listed, the other lines counted, nothing stored', async () => {
    const err = await importError(importRunFile(ctx.db, badFile('run.jsonl', 12_345), { release: RELEASE }, CLI_ACTOR, { model: 'bad' }));
    expect(err.message).toBe('Nothing was imported: line 1: id: Invalid input: expected string, received number (and 12,344 more lines with errors).');
    expect(err.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(err.issues.slice(0, 2)).toEqual([
      { line: 1, field: 'id', message: 'Invalid input: expected string, received number' },
      { line: 1, field: 'task_id', message: 'Invalid input: expected string, received undefined' },
    ]);
    expect(err.issues.at(-1)!.line).toBe(MAX_LISTED_ISSUES / 2);
    expect(err.details).toMatchObject({ linesWithErrors: 12_345, unlistedLines: 12_345 - MAX_LISTED_ISSUES / 2 });
    expect(runStates(ctx.db).filter((r) => r.model === 'bad')).toEqual([]);
  });

  it('a good run line before the bad ones is not stored either (all or nothing), and the count starts after it', async () => {
    const good = JSON.stringify({ id: w.problems.resolved.questionId, task_id: 'task_1', key_question_num: 1, messages: [], hit_dict: {}, turns: 1 });
    const file = path.join(dir, 'mixed.jsonl');
    fs.writeFileSync(file, `${good}\n${'{"id":1}\n'.repeat(99)}`);
    const err = await importError(importRunFile(ctx.db, file, { release: RELEASE }, CLI_ACTOR, { model: 'mixed' }));
    expect(err.message).toBe('Nothing was imported: line 2: id: Invalid input: expected string, received number (and 98 more lines with errors).');
    expect(runStates(ctx.db).filter((r) => r.model === 'mixed')).toEqual([]);
  });

  it('LiveCodeBench and annotation files are bounded the same way', async () => {
    const lcb = await importError(importLcbFile(ctx.db, badFile('lcb.jsonl', 3_000), CLI_ACTOR));
    expect(lcb.message).toMatch(/^Nothing was imported: line 1: \S+: .+ \(and 2,999 more lines with errors\)\.$/);
    expect(lcb.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(lcb.details).toMatchObject({ linesWithErrors: 3_000 });
    const annotations = await importError(importAnnotationsFile(ctx.db, CLI_ACTOR, badFile('annotations.jsonl', 3_000)));
    expect(annotations.message).toMatch(/^Nothing was imported: line 1: \S+: .+ \(and 2,999 more lines with errors\)\.$/);
    expect(annotations.issues.length).toBeLessThanOrEqual(MAX_LISTED_ISSUES);
    expect(annotations.details).toMatchObject({ linesWithErrors: 3_000 });
  });
});

describe('the event loop is served while a bad file is checked', () => {
  const cases = [
    { what: 'a run file', url: `/api/runs/import?model=big-bad&release=${RELEASE}` },
    { what: 'a LiveCodeBench file', url: '/api/problems/import' },
  ];
  it.each(cases)('$what of 60,000 bad lines: a /healthz sent during the check is answered before the upload', async ({ url }) => {
    const server = await listen(ctx.db);
    const body = fs.readFileSync(badFile('big.jsonl', 60_000));
    const order: string[] = [];
    let health: Promise<void> | null = null;
    // The first pause of the check: the server is checking now; ask it something else.
    const stop = onCheckPause(() => {
      health ??= fetch(`${server.url}/healthz`).then((res) => {
        order.push(`healthz ${res.status}`);
      });
    });
    try {
      const upload = await fetch(`${server.url}${url}`, { method: 'POST', headers: { Cookie: w.cookies.maintainer!, 'Content-Type': 'application/octet-stream' }, body });
      order.push(`upload ${upload.status}`);
      const answer = (await upload.json()) as { error: { message: string } };
      expect(answer.error.message).toMatch(/\(and 59,999 more lines with errors\)\.$/);
      await health;
    } finally {
      stop();
      await server.close();
    }
    expect(order).toEqual(['healthz 200', 'upload 400']);
  });
});

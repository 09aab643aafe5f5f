import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, run, transaction } from '../../db/database';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startBackgroundCheckpoints } from '../../db/checkpoints';
import { tempDb } from '../support/db';

// The server copies its write-ahead log back into the database from a worker thread (so no
// request pays for a checkpoint); its own connection only checkpoints as a fallback, much later.
const ctx = tempDb();
afterAll(() => ctx.cleanup());

const walFrames = (file: string) => Math.max(0, (fs.statSync(`${file}-wal`).size - 32) / (4096 + 24));

describe('background WAL checkpoints', () => {
  it('checkpoint the log from the worker while the server connection only keeps a far fallback', async () => {
    ctx.db.exec('CREATE TABLE bulk (x TEXT)');
    const checkpoints = startBackgroundCheckpoints(ctx.db, 60_000)!;
    try {
      expect(ctx.db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      // 1,500 pages: past the default automatic checkpoint (1,000), below the fallback.
      for (let i = 0; i < 15; i++) transaction(ctx.db, () => Array.from({ length: 100 }, () => run(ctx.db, 'INSERT INTO bulk VALUES (?)', ['x'.repeat(4000)])));
      const frames = walFrames(ctx.file);
      expect(frames).toBeGreaterThan(1500); // the server connection did not checkpoint on its own
      const result = await checkpoints.now();
      expect(result).toMatchObject({ ok: true });
      expect(result.checkpointed).toBe(result.log);
      expect(result.log).toBeGreaterThan(1500);
      // All of it was copied, so the next write starts the log over from its first frame.
      run(ctx.db, 'INSERT INTO bulk VALUES (?)', ['after']);
      const [after] = ctx.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(after!.log).toBeLessThan(10);
    } finally {
      await checkpoints.stop();
    }
  });

  it('leaves an in-memory database alone', () => {
    const db = openDatabase(':memory:');
    expect(startBackgroundCheckpoints(db)).toBeNull();
    db.close();
  });
});

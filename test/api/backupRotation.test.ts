import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../db/database';
import { rotatedBackupName, rotatingBackup, verifyBackup } from '../../server/services/backup';
import { buildProblem, buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';

const ctx = tempDb();
const root = tempDir('ccb-rotation-');
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const backupsIn = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('ccb-')).sort();
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 2, minute, 0));

describe('backup --dir --keep', () => {
  it('N+2 runs leave the N newest backups, each verified', async () => {
    await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
    buildProblem(ctx.db);
    const dir = path.join(root, 'plain');
    const keep = 3;
    for (let run = 0; run < keep + 2; run++) {
      const result = await rotatingBackup(ctx.db, dir, keep, { now: at(run) });
      expect(path.basename(result.file)).toBe(rotatedBackupName(at(run)));
      expect(result.kept.length).toBe(Math.min(run + 1, keep));
    }
    expect(backupsIn(dir)).toEqual([2, 3, 4].map((m) => rotatedBackupName(at(m))));
    for (const f of backupsIn(dir)) expect(verifyBackup(path.join(dir, f))).toContain(1);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('never deletes a backup it cannot verify, and does not count it', async () => {
    const dir = path.join(root, 'corrupt');
    for (let m = 0; m < 2; m++) await rotatingBackup(ctx.db, dir, 2, { now: at(m) });
    const broken = path.join(dir, rotatedBackupName(at(0)));
    fs.writeFileSync(broken, 'not a database any more');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'someone else’s file');
    const result = await rotatingBackup(ctx.db, dir, 2, { now: at(5) });
    expect(result.unverified.map((u) => u.file)).toEqual([broken]);
    expect(result.deleted).toEqual([]);
    expect(backupsIn(dir)).toEqual([0, 1, 5].map((m) => rotatedBackupName(at(m))));
    const next = await rotatingBackup(ctx.db, dir, 2, { now: at(6) });
    expect(next.deleted.map((f) => path.basename(f))).toEqual([rotatedBackupName(at(1))]);
    expect(backupsIn(dir)).toEqual([0, 5, 6].map((m) => rotatedBackupName(at(m))));
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('never keeps a new backup that fails verification, and then deletes nothing', async () => {
    const dir = path.join(root, 'foreign');
    for (let m = 0; m < 2; m++) await rotatingBackup(ctx.db, dir, 1, { now: at(m) });
    expect(backupsIn(dir)).toEqual([rotatedBackupName(at(1))]);
    const foreign = new Database(path.join(root, 'foreign.sqlite'));
    foreign.exec('CREATE TABLE t (x)');
    await expect(rotatingBackup(foreign, dir, 1, { now: at(9) })).rejects.toThrow(/failed verification and was removed; no old backup was deleted/);
    foreign.close();
    expect(backupsIn(dir)).toEqual([rotatedBackupName(at(1))]);
  });

  it('works through the CLI: clear usage errors, rotation, and exit 1 when the folder holds a bad backup', { timeout: 90_000 }, async () => {
    const file = path.join(root, 'cli.sqlite');
    const db = openDatabase(file);
    await buildUser(db, { username: 'cli-mara', role: 'maintainer' });
    db.close();
    const dir = path.join(root, 'cli-backups');
    expect((await runCli(['backup', '--dir', dir, '--db', file])).stderr).toMatch(/--dir needs --keep N/);
    expect((await runCli(['backup', '--dir', dir, '--keep', '0', '--db', file])).status).toBe(2);
    for (let i = 0; i < 3; i++) {
      const run = await runCli(['backup', '--dir', dir, '--keep', '2', '--db', file]);
      expect(run.stderr + run.stdout).toMatch(/Backed up .* \(.*, verified\)\.\nKept \d verified backup\(s\); deleted \d/);
      expect(run.status).toBe(0);
    }
    expect(backupsIn(dir)).toHaveLength(2);
    fs.writeFileSync(path.join(dir, rotatedBackupName(at(0))), 'garbage');
    const warned = await runCli(['backup', '--dir', dir, '--keep', '2', '--db', file]);
    expect(warned.status).toBe(1);
    expect(warned.stderr).toMatch(/1 backup\(s\) in .* failed verification and were left in place/);
    expect(backupsIn(dir)).toHaveLength(3);
  });
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { spawn } from 'node:child_process';
import { createApp, type AppOptions } from '../../server/app';
import type { DB } from '../../db/database';

/** The API on a real HTTP server on a random loopback port (no client build needed). */
export async function listen(db: DB, options: Omit<AppOptions, 'db'> = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ db, log: () => {}, ...options });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HOLD_LOCK = `
const Database = require('better-sqlite3');
const [file, ms] = process.argv.slice(1);
const db = new Database(file);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO settings (key, value) VALUES ('lock-holder', '1') ON CONFLICT (key) DO UPDATE SET value = value + 1").run();
process.stdout.write('locked\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); process.stdout.write('released\\n'); }, Number(ms));
`;

/**
 * Another process (like the CLI) takes the database's write lock for ms milliseconds.
 * Resolves once the lock is held; `released` resolves when the process has committed and exited.
 */
export async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const child = spawn(process.execPath, ['-e', HOLD_LOCK, file, String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const released = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited with ${code}`)))),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    child.on('exit', () => reject(new Error('lock holder ended before taking the lock')));
  });
  return { released };
}

const HOLD_LOCK_UNTIL_TOLD = `
const Database = require('better-sqlite3');
const [file, ms] = process.argv.slice(1);
const db = new Database(file);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO settings (key, value) VALUES ('lock-holder', '1') ON CONFLICT (key) DO UPDATE SET value = value + 1").run();
process.stdout.write('locked\\n');
const release = () => { db.exec('COMMIT'); db.close(); process.stdout.write('released\\n'); process.exit(0); };
process.stdin.on('data', release);
setTimeout(release, Number(ms));
`;

/**
 * Another process takes the database's write lock and keeps it until `release()` is called,
 * or at most ms milliseconds. `released` resolves once it has committed and exited.
 */
export async function holdWriteLockUntilReleased(file: string, ms: number): Promise<{ release: () => void; released: Promise<void> }> {
  const child = spawn(process.execPath, ['-e', HOLD_LOCK_UNTIL_TOLD, file, String(ms)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const released = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited with ${code}`)))),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    child.on('exit', () => reject(new Error('lock holder ended before taking the lock')));
  });
  return { release: () => child.stdin!.end('release\n'), released };
}

/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database
 * (and syncs both files) when the log passes wal_autocheckpoint pages, synchronously, inside the
 * commit that crossed the mark: under a stream of draft saves that was a stall of every request
 * in flight every hundred-odd saves, and about a third of a save's cost.
 *
 * The server instead checkpoints from a worker thread with its own connection, every
 * `everyMs` (PASSIVE: it never waits for, nor blocks, the server's readers and writers). The
 * server's own connection keeps an automatic checkpoint at a much larger log size as a safety
 * net, so the log stays bounded even if the worker falls behind or is gone.
 */
import { Worker } from 'node:worker_threads';
import type { DB } from './database';

/** The server connection's own automatic checkpoint, only reached when the worker lags: 16 MB of 4 KB pages. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 4000;
export const CHECKPOINT_EVERY_MS = 200;

// Plain JavaScript, evaluated in the worker (no TypeScript loader needed there).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    // A busy database is normal (another checkpoint is running): try again next time.
    parentPort.postMessage({ ok: false, error: String(err && err.message) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'now') checkpoint();
  if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); }
});
`;

export interface CheckpointResult {
  ok: boolean;
  log?: number;
  checkpointed?: number;
  error?: string;
}

export interface BackgroundCheckpoints {
  /** Ask for a checkpoint now; resolves with its outcome (for tests). */
  now(): Promise<CheckpointResult>;
  stop(): Promise<void>;
}

/**
 * Start checkpointing `db`'s file from a worker thread. Nothing to do (null) for an in-memory or
 * read-only database. The worker does not keep the process alive.
 */
export function startBackgroundCheckpoints(db: DB, everyMs = CHECKPOINT_EVERY_MS): BackgroundCheckpoints | null {
  if (db.memory || db.readonly || db.pragma('journal_mode', { simple: true }) !== 'wal') return null;
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER, { eval: true, workerData: { file: db.name, everyMs } });
  worker.unref();
  // A worker that cannot run leaves the fallback on the server's connection: say so, do not crash.
  worker.on('error', (err) => console.error(`background WAL checkpoints stopped: ${err.message}`));
  return {
    now: () =>
      new Promise<CheckpointResult>((resolve) => {
        worker.once('message', (m: CheckpointResult) => resolve(m));
        worker.postMessage('now');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}

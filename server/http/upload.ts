import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import { AppError } from './errors';

/** Largest upload accepted (LiveCodeBench files carry multi-megabyte hidden tests per line). */
export { uploadQuery } from '../../shared/api/params';

export const MAX_UPLOAD_BYTES = Number(process.env.CCB_MAX_UPLOAD_BYTES ?? 2 * 1024 ** 3);

const tooLarge = (limit: number) => new AppError(413, 'payload_too_large', `The file is larger than the limit of ${Math.round(limit / 1024 ** 2)} MB.`);

/** Copy the request body to a file; past the limit, stop writing and drain the rest so a 413 can still be sent. */
function saveBody(req: Request, file: string, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    let received = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(out);
      out.destroy();
      req.resume();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) fail(tooLarge(limit));
    });
    req.on('error', fail);
    req.on('aborted', () => fail(new AppError(400, 'bad_request', 'The upload was interrupted.')));
    out.on('error', fail);
    out.on('finish', () => {
      if (!failed) resolve();
    });
    req.pipe(out);
  });
}

/** Temporary upload folders are named with the server's process id: `ccb-upload-<pid>-XXXXXX`. */
const UPLOAD_DIR = /^ccb-upload-(\d+)-[A-Za-z0-9]{6}$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start: remove the upload folders a server killed mid-upload (kill -9, a crash) left behind.
 * One is stale when its process is gone, or when it carries this process's id (nothing has been
 * uploaded yet: an earlier server with the same id, as in a container where the server is pid 1).
 * Folders of other running servers are kept. Returns the folders removed.
 */
export function removeStaleUploads(tmpDir = os.tmpdir(), alive: (pid: number) => boolean = processAlive): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(tmpDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(UPLOAD_DIR.exec(name)?.[1] ?? NaN);
    if (!Number.isSafeInteger(pid) || (pid !== process.pid && alive(pid))) continue;
    fs.rmSync(path.join(tmpDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Stream a raw request body to a temporary file (never holding it in memory), run work on
 * the file, and always remove it afterwards (a folder left by a killed server goes at the next start).
 */
export async function withUploadedFile<T>(req: Request, limit: number, work: (file: string) => Promise<T>): Promise<T> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `ccb-upload-${process.pid}-`));
  try {
    const file = path.join(dir, 'upload.jsonl');
    await saveBody(req, file, limit);
    return await work(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

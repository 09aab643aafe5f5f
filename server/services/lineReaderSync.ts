import fs from 'node:fs';
import { LineSplitter, MAX_LINE_BYTES, type ProgressListener, type RawLine } from './lineReader';

const CHUNK_BYTES = 1 << 20;

/**
 * The lines of a file as byte buffers, read synchronously chunk by chunk: for work that must
 * stay inside one synchronous SQLite transaction (a run import writes row by row as it reads).
 * Only the current chunk and line are held, however large the file; a line longer than the
 * limit is skipped and flagged, as readLines does.
 */
export function* readLinesSync(file: string, onProgress?: ProgressListener, maxLineBytes = MAX_LINE_BYTES): Generator<RawLine> {
  const fd = fs.openSync(file, 'r');
  try {
    const totalBytes = fs.fstatSync(fd).size;
    const lines = new LineSplitter(maxLineBytes);
    let bytesRead = 0;
    for (;;) {
      // A fresh buffer per chunk: the part of a line left pending refers into it.
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      const n = fs.readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      bytesRead += n;
      yield* lines.push(buffer.subarray(0, n));
      onProgress?.(bytesRead, totalBytes);
    }
    yield* lines.end();
    if (totalBytes === 0) onProgress?.(0, 0);
  } finally {
    fs.closeSync(fd);
  }
}

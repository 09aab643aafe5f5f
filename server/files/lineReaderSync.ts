import fs from 'node:fs';
import { LineSplitter, MAX_LINE_BYTES, type ProgressListener, type RawLine } from './lineReader';

const CHUNK_BYTES = 1 << 20;

/**
 * The lines of a file as byte buffers, read synchronously chunk by chunk: for work that must
 * stay inside one synchronous SQLite transaction (a run import writes row by row as it reads).
 * Only the current chunk and line are held, however large the file; a line longer than the
 * limit is skipped and flagged, as readLines does. One buffer is read into again and again (a
 * fresh megabyte per chunk cost more than the reading), so a line's bytes are only valid until
 * the next line is asked for.
 */
export function* readLinesSync(file: string, onProgress?: ProgressListener, maxLineBytes = MAX_LINE_BYTES): Generator<RawLine> {
  const fd = fs.openSync(file, 'r');
  try {
    const totalBytes = fs.fstatSync(fd).size;
    const lines = new LineSplitter(maxLineBytes);
    let bytesRead = 0;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(totalBytes, 1)));
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      bytesRead += n;
      // The part of a line left pending is copied out, so the buffer can take the next chunk.
      yield* lines.push(buffer.subarray(0, n), true);
      onProgress?.(bytesRead, totalBytes);
    }
    yield* lines.end();
    if (totalBytes === 0) onProgress?.(0, 0);
  } finally {
    fs.closeSync(fd);
  }
}

import fs from 'node:fs';
import { MAX_LINE_BYTES, type ProgressListener, type RawLine } from './lineReader';

const LF = 0x0a;
const CR = 0x0d;
const CHUNK_BYTES = 1 << 20;

function joinLine(parts: Buffer[]): Buffer {
  const line = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
}

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
    let bytesRead = 0;
    let number = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let tooLong = false;
    const take = (): RawLine => {
      const line = { number: ++number, bytes: tooLong ? Buffer.alloc(0) : joinLine(pending), tooLong };
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      return line;
    };
    const hold = (part: Buffer) => {
      pendingBytes += part.length;
      if (pendingBytes > maxLineBytes) {
        tooLong = true;
        pending = [];
      } else if (!tooLong) pending.push(part);
    };
    for (;;) {
      // A fresh buffer per chunk: the part of a line left pending refers into it.
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      const n = fs.readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      bytesRead += n;
      const chunk = buffer.subarray(0, n);
      let start = 0;
      for (let nl = chunk.indexOf(LF, start); nl !== -1; nl = chunk.indexOf(LF, start)) {
        hold(chunk.subarray(start, nl));
        yield take();
        start = nl + 1;
      }
      if (start < n) hold(chunk.subarray(start));
      onProgress?.(bytesRead, totalBytes);
    }
    if (pendingBytes > 0 || tooLong) yield take();
    if (totalBytes === 0) onProgress?.(0, 0);
  } finally {
    fs.closeSync(fd);
  }
}

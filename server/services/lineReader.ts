import fs from 'node:fs';

export interface RawLine {
  /** 1-based line number in the file. */
  number: number;
  /** The line's bytes without its LF (and without a CR before it); empty when too long. */
  bytes: Buffer;
  /** The line was longer than the limit: its bytes were skipped, not held in memory. */
  tooLong: boolean;
}

/** The longest line held in memory (real LiveCodeBench lines reach tens of MB). */
export const MAX_LINE_BYTES = Number(process.env.CCB_MAX_LINE_BYTES ?? 256 * 1024 * 1024);

export type ProgressListener = (bytesRead: number, totalBytes: number) => void;

const LF = 0x0a;
const CR = 0x0d;

function joinLine(parts: Buffer[]): Buffer {
  const line = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
}

/**
 * The lines of a file as byte buffers, read as a stream: only the current line is held
 * in memory, however large the file. Decoding is left to the caller so that invalid
 * UTF-8 can be reported with its line number.
 */
export async function* readLines(file: string, onProgress?: ProgressListener, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<RawLine> {
  const totalBytes = (await fs.promises.stat(file)).size;
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
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    bytesRead += buffer.length;
    let start = 0;
    for (let nl = buffer.indexOf(LF, start); nl !== -1; nl = buffer.indexOf(LF, start)) {
      hold(buffer.subarray(start, nl));
      yield take();
      start = nl + 1;
    }
    if (start < buffer.length) hold(buffer.subarray(start));
    onProgress?.(bytesRead, totalBytes);
  }
  if (pendingBytes > 0 || tooLong) yield take();
  if (totalBytes === 0) onProgress?.(0, 0);
}

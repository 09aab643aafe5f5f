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
 * Splits chunks of a file into lines, holding only the current line (a line over the limit is
 * dropped as it grows and reported as too long). Shared by the streaming and the synchronous reader.
 */
export class LineSplitter {
  private number = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private tooLong = false;

  constructor(private readonly maxLineBytes: number) {}

  /**
   * The lines a chunk completes. Without `reused`, the chunk must not be reused: the unfinished
   * line refers into it. With it, the unfinished line is copied out, so the caller may read the
   * next chunk into the same buffer once it is done with the lines yielded (they are views into it).
   */
  *push(chunk: Buffer, reused = false): Generator<RawLine> {
    let start = 0;
    for (let nl = chunk.indexOf(LF, start); nl !== -1; nl = chunk.indexOf(LF, start)) {
      this.hold(chunk.subarray(start, nl));
      yield this.take();
      start = nl + 1;
    }
    if (start < chunk.length) this.hold(reused && !this.tooLong ? Buffer.from(chunk.subarray(start)) : chunk.subarray(start));
  }

  /** The last line, when the file does not end with a line break. */
  *end(): Generator<RawLine> {
    if (this.pendingBytes > 0 || this.tooLong) yield this.take();
  }

  private hold(part: Buffer): void {
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxLineBytes) {
      this.tooLong = true;
      this.pending = [];
    } else if (!this.tooLong) this.pending.push(part);
  }

  private take(): RawLine {
    const line = { number: ++this.number, bytes: this.tooLong ? Buffer.alloc(0) : joinLine(this.pending), tooLong: this.tooLong };
    this.pending = [];
    this.pendingBytes = 0;
    this.tooLong = false;
    return line;
  }
}

/**
 * The lines of a file as byte buffers, read as a stream: only the current line is held
 * in memory, however large the file. Decoding is left to the caller so that invalid
 * UTF-8 can be reported with its line number.
 */
export async function* readLines(file: string, onProgress?: ProgressListener, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<RawLine> {
  const totalBytes = (await fs.promises.stat(file)).size;
  const lines = new LineSplitter(maxLineBytes);
  let bytesRead = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    bytesRead += buffer.length;
    yield* lines.push(buffer);
    onProgress?.(bytesRead, totalBytes);
  }
  yield* lines.end();
  if (totalBytes === 0) onProgress?.(0, 0);
}

import { emitRelease, type ReleaseRecord } from '../../../shared/release/format';

/** UTF-8 bytes appended to one growing buffer. */
class ByteWriter {
  private buf: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  write(text: string): void {
    const most = text.length * 3; // UTF-8 bytes per UTF-16 unit, at most
    if (this.length + most > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + most));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    this.length += this.buf.write(text, this.length);
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

/** The UTF-8 bytes of `serializeRelease(records)`, written piece by piece into one buffer. */
export function serializeReleaseBytes(records: readonly ReleaseRecord[]): Buffer {
  let text = 0;
  for (const record of records) text += record.modified_content.length;
  const out = new ByteWriter(Math.ceil(text * 1.1) + records.length * 512 + 1024);
  emitRelease(records, (piece) => out.write(piece));
  return out.bytes();
}

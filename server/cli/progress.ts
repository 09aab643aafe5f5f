import type { CliWriter } from './io';

/** A progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise. */
export class ProgressBar {
  private lastPercent = -1;
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly stream: CliWriter,
  ) {
    this.tty = Boolean(stream.isTTY);
  }

  update(done: number, total: number, extra = ''): void {
    const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
    if (this.tty) {
      const width = 30;
      const filled = Math.round((percent / 100) * width);
      this.stream.write(`\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${extra}`.padEnd(80));
    } else if (percent >= this.lastPercent + 10 || (percent === 100 && this.lastPercent !== 100)) {
      this.stream.write(`${this.label}: ${percent}% ${extra}\n`);
    } else return;
    this.lastPercent = percent;
  }

  done(): void {
    if (this.tty) this.stream.write('\n');
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The sandbox's queue: at most `concurrency` programs at once over the server, at most one run
 * (or test) per pilot, and a bounded number waiting. A pilot pressing Test twice gets "one at a
 * time" rather than a second slot; a full queue is refused at once rather than left to pile up.
 */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: 'own_run' | 'full',
    message: string,
  ) {
    super(message);
  }
}

export class RunQueue {
  private readonly free: number[];
  private readonly waiting: Array<(slot: number) => void> = [];
  private readonly owners = new Set<string>();

  constructor(
    concurrency: number,
    private readonly maxWaiting: number,
  ) {
    this.free = Array.from({ length: concurrency }, (_, i) => i);
  }

  /** Runs now or when a slot frees; `slot` tells the job which of the `concurrency` slots it holds. */
  async run<T>(owner: string, job: (slot: number) => Promise<T>): Promise<T> {
    if (this.owners.has(owner)) throw new QueueRefusal('own_run', 'Your previous run is still going: wait for its result.');
    if (this.free.length === 0 && this.waiting.length >= this.maxWaiting) throw new QueueRefusal('full', 'The code sandbox is busy: try again in a few seconds.');
    this.owners.add(owner);
    try {
      const slot = await this.acquire();
      try {
        return await job(slot);
      } finally {
        this.release(slot);
      }
    } finally {
      this.owners.delete(owner);
    }
  }

  /** Runs in progress and waiting (for /healthz and the bench). */
  load(): { running: number; waiting: number } {
    return { running: this.owners.size - this.waiting.length, waiting: this.waiting.length };
  }

  private acquire(): Promise<number> {
    const slot = this.free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: number): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}

/**
 * The client's cache of loaded resources, pure (no DOM, no React): entries keyed by URL, each
 * belonging to a resource (a file of shared/api/). Concurrent readers of one URL share one
 * request; a write invalidates its resource, which reloads what is shown and drops the rest.
 */
export interface Snapshot<T> {
  data: T | undefined;
  error: unknown;
  /** No data yet, or it is being reloaded. */
  loading: boolean;
}

type Listener = () => void;

interface Entry {
  resource: string;
  load: () => Promise<unknown>;
  snapshot: Snapshot<unknown>;
  loadedAt: number | null;
  /** Bumped by each load and by each set(), so an older answer never overwrites a newer one. */
  generation: number;
  inFlight: boolean;
  stale: boolean;
  listeners: Set<Listener>;
}

export const EMPTY: Snapshot<never> = Object.freeze({ data: undefined, error: undefined, loading: true });

export interface CacheOptions {
  /** Reads younger than this are reused as they are; older ones are shown and reloaded. */
  maxAgeMs: number;
  now: () => number;
}

export class ResourceCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: CacheOptions) {}

  snapshot<T>(key: string): Snapshot<T> {
    return (this.entries.get(key)?.snapshot ?? EMPTY) as Snapshot<T>;
  }

  /** Watch a URL: the first watcher (or a stale or old entry) starts its load. Returns the unsubscribe. */
  subscribe(key: string, resource: string, load: () => Promise<unknown>, listener: Listener): () => void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { resource, load, snapshot: EMPTY, loadedAt: null, generation: 0, inFlight: false, stale: true, listeners: new Set() };
      this.entries.set(key, entry);
    }
    entry.load = load;
    entry.listeners.add(listener);
    if (this.needsLoad(entry)) this.start(entry);
    const watched = entry;
    return () => {
      watched.listeners.delete(listener);
    };
  }

  /** Reload a URL now (a "retry" button), keeping what it shows meanwhile. */
  reload(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.start(entry);
  }

  /** Put a write's answer in place (the server's view after the change), without another request. */
  set<T>(key: string, data: T): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.generation++;
    entry.inFlight = false;
    entry.stale = false;
    entry.loadedAt = this.options.now();
    this.publish(entry, { data, error: undefined, loading: false });
  }

  /**
   * Everything of the resource is stale: what is watched reloads (or, with reload false, only
   * at its next reader), the rest is dropped.
   */
  invalidate(resource: string, { reload = true }: { reload?: boolean } = {}): void {
    for (const [key, entry] of this.entries) {
      if (entry.resource !== resource) continue;
      if (entry.listeners.size === 0) this.entries.delete(key);
      else if (reload) this.start(entry);
      else entry.stale = true;
    }
  }

  /**
   * Load again what failed (a new login after the session ended: what a page asked meanwhile got
   * 401 and would otherwise keep showing its error); what failed and is not watched is dropped.
   */
  reloadFailed(): void {
    for (const [key, entry] of this.entries) {
      if (entry.snapshot.error === undefined || entry.inFlight) continue;
      if (entry.listeners.size === 0) this.entries.delete(key);
      else this.start(entry);
    }
  }

  /** Forget everything (a logout: the next account must not see this one's data). */
  clear(): void {
    for (const [key, entry] of this.entries) if (entry.listeners.size === 0) this.entries.delete(key);
    for (const entry of this.entries.values()) this.start(entry);
  }

  private needsLoad(entry: Entry): boolean {
    if (entry.inFlight) return false;
    if (entry.stale || entry.loadedAt === null) return true;
    return this.options.now() - entry.loadedAt >= this.options.maxAgeMs;
  }

  private start(entry: Entry): void {
    const generation = ++entry.generation;
    entry.inFlight = true;
    entry.stale = false;
    if (!entry.snapshot.loading) this.publish(entry, { ...entry.snapshot, loading: true });
    entry.load().then(
      (data) => this.settle(entry, generation, { data, error: undefined, loading: false }),
      (error: unknown) => this.settle(entry, generation, { data: entry.snapshot.data, error, loading: false }),
    );
  }

  private settle(entry: Entry, generation: number, snapshot: Snapshot<unknown>): void {
    if (generation !== entry.generation) return;
    entry.inFlight = false;
    entry.loadedAt = this.options.now();
    this.publish(entry, snapshot);
  }

  private publish(entry: Entry, snapshot: Snapshot<unknown>): void {
    entry.snapshot = snapshot;
    entry.listeners.forEach((l) => l());
  }
}

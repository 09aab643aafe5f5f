import { ApiError } from '../api';
import type { FieldIssue } from '../../../shared/errors';

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; issues: FieldIssue[] }
  | { kind: 'error'; message: string }
  /** The session ended (401): the draft is kept until the user logs in again. */
  | { kind: 'signedOut'; message: string };

/** Where a draft waits while it cannot be saved (see draftStash.ts); optional. */
export interface DraftKeeper<D> {
  keep: (draft: D, version: number) => void;
  forget: (version: number) => void;
}

export interface DraftSaverOptions<D, R> {
  version: number;
  /** Save `draft` on top of `version`; `keepalive` asks the request to outlive the page. */
  send: (draft: D, version: number, keepalive: boolean) => Promise<R>;
  versionOf: (saved: R) => number;
  onState: (state: SaveState) => void;
  onSaved?: (saved: R, draft: D) => void;
  keeper?: DraftKeeper<D>;
  delayMs?: number;
}

/** Both the editor and the cross-check save this long after the last change. */
export const AUTOSAVE_DELAY_MS = 800;

/** Automatic retries after a busy server or a lost connection: 1 s, 2 s, 4 s … up to 30 s. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 503);

/**
 * The one versioned-draft saver (annotator editor and adjudicator cross-check): debounced
 * saves that name the version they are based on, run one at a time together with any other
 * server action on the same record. A busy server or a lost connection is retried with
 * backoff; 400 keeps the draft and says why; 401 keeps it (in memory and with the keeper) until
 * `resume()` after a new login; 409 stops for good — nothing is ever overwritten.
 */
export class DraftSaver<D, R> {
  private version: number;
  private latest: D | null = null;
  /** A save sent and not yet answered. */
  private sending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private paused = false;
  private disposed = false;
  private state: SaveState = { kind: 'saved' };

  constructor(private readonly opts: DraftSaverOptions<D, R>) {
    this.version = opts.version;
  }

  get currentVersion(): number {
    return this.version;
  }

  get currentState(): SaveState {
    return this.state;
  }

  /** A change not yet saved (also after a conflict: the text the user would otherwise lose). */
  get unsaved(): D | null {
    return this.latest;
  }

  get hasUnsaved(): boolean {
    return this.latest !== null;
  }

  /**
   * A change the server has not yet acknowledged: not sent, or sent and not answered. Leaving
   * now is asked about first: a save still in flight can still fail (a conflict, the network),
   * and its change would then be gone with the page.
   */
  get unacknowledged(): boolean {
    return this.latest !== null || this.sending;
  }

  private set(state: SaveState): void {
    this.state = state;
    this.opts.onState(state);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  change(draft: D): void {
    if (this.disposed) return;
    this.latest = draft;
    if (this.stopped) return;
    if (this.paused) {
      this.opts.keeper?.keep(draft, this.version);
      return;
    }
    this.set({ kind: 'pending' });
    this.schedule(this.opts.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Save now (after anything already running); resolves true when everything is saved. */
  flush(keepalive = false): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = this.chain.then(() => this.saveAll(keepalive));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async saveAll(keepalive: boolean): Promise<boolean> {
    while (this.latest !== null) {
      if (this.stopped || this.paused || this.disposed) return false;
      const draft = this.latest;
      this.latest = null;
      this.set({ kind: 'saving' });
      const base = this.version;
      this.sending = true;
      try {
        const saved = await this.opts.send(draft, base, keepalive);
        this.version = this.opts.versionOf(saved);
        this.failures = 0;
        this.opts.keeper?.forget(base);
        this.opts.onSaved?.(saved, draft);
      } catch (err) {
        this.latest ??= draft;
        this.fail(err);
        return false;
      } finally {
        this.sending = false;
      }
    }
    if (this.stopped || this.paused) return false;
    if (this.state.kind === 'saving' || this.state.kind === 'pending') this.set({ kind: 'saved' });
    return this.state.kind === 'saved';
  }

  /**
   * Run another server action on the same record after every pending save, with the version
   * it must name; its result's version becomes the saver's. Rejects as the action does.
   */
  run<T extends R>(action: (version: number) => Promise<T>): Promise<T> {
    const go = async () => {
      if (this.stopped) throw new ApiError(409, 'conflict', 'This view is out of date: load the latest version first.');
      try {
        const result = await action(this.version);
        this.version = this.opts.versionOf(result);
        return result;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 409 || err.status === 401)) this.fail(err);
        throw err;
      }
    };
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = this.chain.then(async () => {
      if (!(await this.saveAll(false))) throw new Error('message' in this.state ? this.state.message : 'The pending changes could not be saved.');
      return go();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private fail(err: unknown): void {
    if (err instanceof ApiError && err.status === 409) {
      this.stopped = true;
      this.set({ kind: 'conflict', message: err.message });
    } else if (err instanceof ApiError && err.status === 401) {
      this.paused = true;
      if (this.latest !== null) this.opts.keeper?.keep(this.latest, this.version);
      this.set({ kind: 'signedOut', message: 'Your session has ended. Log in again: your changes are kept here and will be saved.' });
    } else if (err instanceof ApiError && err.status === 400) {
      this.set({ kind: 'invalid', message: err.message, issues: err.issues });
    } else if (isTransient(err)) {
      // The draft is kept; try again by itself, backing off, until the server answers.
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.failures++);
      this.set({ kind: 'error', message: `${(err as Error).message} Retrying in ${Math.round(delay / 1000)} s…` });
      this.schedule(delay);
    } else {
      this.set({ kind: 'error', message: err instanceof Error ? err.message : 'The draft could not be saved.' });
    }
  }

  /**
   * Another tab or session saved this record past the version this view holds: stop saving, as
   * a 409 would, before anything is sent over it. Ignored when this view already holds that version.
   */
  savedElsewhere(version: number, message: string): void {
    if (this.disposed || this.stopped || version <= this.version) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopped = true;
    this.set({ kind: 'conflict', message });
  }

  /** After a new login: save what waited (the version rules still apply, so 409 can follow). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.latest !== null) void this.flush();
    else this.set({ kind: 'saved' });
  }

  /** Stop for good (submitted, or replaced by a newer view). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.disposed = true;
  }

  /** Retry after an error. */
  retry(): void {
    if (!this.stopped && !this.paused) void this.flush();
  }
}

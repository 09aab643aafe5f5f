import { ApiError } from '../../../api';
import type { Point } from '../../../../../shared/edits';
import type { FieldIssue } from '../../../../../shared/errors';
import type { SavedDraft, SaveAnnotationBody } from '../../../../../shared/schemas/annotation';

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; issues: FieldIssue[] }
  | { kind: 'error'; message: string };

export interface SaverOptions {
  version: number;
  send: (body: SaveAnnotationBody) => Promise<SavedDraft>;
  takeActiveMs: () => number;
  giveBackActiveMs: (ms: number) => void;
  onState: (state: SaveState) => void;
  onSaved: (saved: SavedDraft) => void;
  delayMs?: number;
}

export const AUTOSAVE_DELAY_MS = 800;
/** Automatic retries after a busy server or a lost connection: 1 s, 2 s, 4 s … up to 30 s. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 503);

/**
 * Debounced autosave of a draft. Every save names the version it is based on; a 409
 * stops autosaving until the annotator loads the latest version (never overwrites).
 */
export class DraftSaver {
  private version: number;
  private latest: Point[] | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private inFlight: Promise<boolean> | null = null;
  private stopped = false;
  private state: SaveState = { kind: 'saved' };

  constructor(private readonly opts: SaverOptions) {
    this.version = opts.version;
  }

  get currentVersion(): number {
    return this.version;
  }

  get hasUnsaved(): boolean {
    return this.latest !== null;
  }

  private set(state: SaveState): void {
    this.state = state;
    this.opts.onState(state);
  }

  change(points: Point[]): void {
    if (this.stopped) return;
    this.latest = points;
    this.set({ kind: 'pending' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.opts.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Save now; resolves true when everything is saved. */
  async flush(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight) await this.inFlight;
    if (this.stopped) return false;
    if (this.latest === null) return this.state.kind === 'saved';
    this.inFlight = this.saveOnce(this.latest);
    const ok = await this.inFlight;
    this.inFlight = null;
    if (ok && this.latest !== null) return this.flush();
    return ok;
  }

  private async saveOnce(points: Point[]): Promise<boolean> {
    this.latest = null;
    const activeMs = this.opts.takeActiveMs();
    this.set({ kind: 'saving' });
    try {
      const saved = await this.opts.send({ version: this.version, points, activeMs });
      this.version = saved.version;
      this.failures = 0;
      this.opts.onSaved(saved);
      if (this.latest === null) this.set({ kind: 'saved' });
      return true;
    } catch (err) {
      this.opts.giveBackActiveMs(activeMs);
      this.latest ??= points;
      this.fail(err);
      return false;
    }
  }

  private fail(err: unknown): void {
    if (err instanceof ApiError && err.status === 409) {
      this.stopped = true;
      this.set({ kind: 'conflict', message: err.message });
    } else if (err instanceof ApiError && err.status === 400) {
      this.set({ kind: 'invalid', message: err.message, issues: err.issues });
    } else if (isTransient(err)) {
      // The draft is kept; try again by itself, backing off, until the server answers.
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.failures++);
      this.set({ kind: 'error', message: `${(err as Error).message} Retrying in ${Math.round(delay / 1000)} s…` });
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), delay);
    } else {
      this.set({ kind: 'error', message: err instanceof Error ? err.message : 'The draft could not be saved.' });
    }
  }

  /** Stop for good (submitted, or the page is leaving). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.stopped = true;
  }

  /** Retry after an error. */
  retry(): void {
    if (!this.stopped) void this.flush();
  }
}

import { DraftSaver, type DraftKeeper, type SaveState } from '../../drafts/draftSaver';
import { CODE_SNAPSHOT_MS, type PilotSessionView, type SaveCodeBody, type SaveCodeResult } from '../../../../shared/schemas/pilots';

/** What a save answers, or a submit (its view rides along). */
export type SavedCode = SaveCodeResult & { view?: PilotSessionView };

export interface CodeSaverOptions {
  version: number;
  /** PUT the code (an autosave, kept by the server as a snapshot). */
  save: (body: SaveCodeBody, keepalive: boolean) => Promise<SaveCodeResult>;
  /** POST the final code. */
  submit: (body: SaveCodeBody) => Promise<PilotSessionView>;
  takeActiveMs: () => number;
  giveBackActiveMs: (ms: number) => void;
  onState: (state: SaveState) => void;
  onSaved: (saved: SaveCodeResult) => void;
  keeper?: DraftKeeper<string>;
}

/**
 * The pilot's code on the one versioned-draft saver: saves wait CODE_SNAPSHOT_MS after the last
 * change (and `snapshotDue` forces one while typing goes on), each carrying the active time and
 * the pastes gathered since the previous save — given back when a save fails.
 */
export class CodeSaver {
  readonly drafts: DraftSaver<string, SavedCode>;
  private pastes = 0;

  constructor(private readonly opts: CodeSaverOptions) {
    this.drafts = new DraftSaver<string, SavedCode>({
      version: opts.version,
      send: (code, version, keepalive) => this.withTelemetry(code, version, (body) => opts.save(body, keepalive)),
      versionOf: (saved) => saved.version,
      onState: opts.onState,
      onSaved: (saved) => opts.onSaved(saved),
      keeper: opts.keeper,
      delayMs: CODE_SNAPSHOT_MS,
    });
  }

  notePaste(): void {
    this.pastes += 1;
  }

  /** Called every CODE_SNAPSHOT_MS: saves a change still waiting for a pause in typing. */
  snapshotDue(): void {
    if (this.drafts.hasUnsaved && this.drafts.currentState.kind === 'pending') void this.drafts.flush();
  }

  /** Save what is pending, then submit `code` as final; the saver stops afterwards. */
  async submit(code: string): Promise<PilotSessionView> {
    const done = await this.drafts.run((version) =>
      this.withTelemetry(code, version, async (body): Promise<SavedCode> => {
        const v = await this.opts.submit(body);
        return { version: v.code.version, savedAt: v.code.savedAt ?? '', activeMs: v.activeMs, pastes: v.pastes, status: v.status, view: v };
      }),
    );
    this.drafts.dispose();
    return done.view!;
  }

  private async withTelemetry<T>(code: string, version: number, send: (body: SaveCodeBody) => Promise<T>): Promise<T> {
    const activeMs = this.opts.takeActiveMs();
    const pastes = this.pastes;
    this.pastes = 0;
    try {
      return await send({ version, code, activeMs, pastes });
    } catch (err) {
      this.opts.giveBackActiveMs(activeMs);
      this.pastes += pastes;
      throw err;
    }
  }
}

import { DraftSaver, type DraftKeeper, type SaveState } from '../../../drafts/draftSaver';
import type { Point } from '../../../../../shared/edits';
import type { SavedDraft, SaveAnnotationBody } from '../../../../../shared/schemas/annotation';

export type { SaveState };
export type AnnotationSaver = DraftSaver<Point[], SavedDraft>;

export interface AnnotationSaverOptions {
  version: number;
  send: (body: SaveAnnotationBody, keepalive: boolean) => Promise<SavedDraft>;
  takeActiveMs: () => number;
  giveBackActiveMs: (ms: number) => void;
  onState: (state: SaveState) => void;
  onSaved: (saved: SavedDraft) => void;
  keeper?: DraftKeeper<Point[]>;
  /** What each save carries besides the points: their origins and the dismissed suggestions (read when sent). */
  extras?: () => SaveExtras;
}

export type SaveExtras = Pick<SaveAnnotationBody, 'origins' | 'dismissed'>;

/** The shared draft saver for one annotation: each save also carries the active time since the last one. */
export function annotationSaver(opts: AnnotationSaverOptions): AnnotationSaver {
  return new DraftSaver<Point[], SavedDraft>({
    version: opts.version,
    async send(points, version, keepalive) {
      const activeMs = opts.takeActiveMs();
      try {
        return await opts.send({ version, points, activeMs, ...opts.extras?.() }, keepalive);
      } catch (err) {
        opts.giveBackActiveMs(activeMs);
        throw err;
      }
    },
    versionOf: (saved) => saved.version,
    onState: opts.onState,
    onSaved: (saved) => opts.onSaved(saved),
    keeper: opts.keeper,
  });
}

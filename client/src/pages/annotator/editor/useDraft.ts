import { useState } from 'react';
import type { AnnotationView, SaveAnnotationBody } from '../../../../../shared/schemas/annotation';
import { draftStash, type DraftStash } from '../../../drafts/draftStash';
import { useDraftSaver } from '../../../drafts/useDraftSaver';
import { useMe } from '../../../session';
import type { Point } from '../../../../../shared/edits';
import { pointsSchema } from '../../../../../shared/schemas/point';
import { saveDraftOn } from '../baseTextGuard';
import { useActiveTimer } from '../../../drafts/useActiveTimer';
import type { PointFinding } from '../../../../../shared/writing/findings';
import { annotationSaver, type AnnotationSaver, type SaveExtras, type SaveState } from './saver';

export interface Draft {
  saver: AnnotationSaver;
  /** Where this annotation's unsaved draft waits in the browser (user + problem + version). */
  stash: DraftStash<Point[]>;
  saveState: SaveState;
  activeMs: number;
  /** The findings the server returned with the last save (some rules need what only the server holds). */
  savedFindings: PointFinding[];
}

/** The autosave machinery of one loaded annotation. */
export function useDraft(view: AnnotationView, readOnly: boolean, extras?: () => SaveExtras, onSaved?: () => void): Draft {
  const timer = useActiveTimer(!readOnly);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const [activeMs, setActiveMs] = useState(view.activeMs);
  const [savedFindings, setSavedFindings] = useState<PointFinding[]>(view.findings);
  const me = useMe();
  const [stash] = useState(() => draftStash<Point[]>(me.username, 'annotation', view.questionId, pointsSchema));
  const [saver] = useState(() =>
    annotationSaver({
      version: view.version,
      send: (body: SaveAnnotationBody, keepalive) => saveDraftOn(view, body, keepalive),
      takeActiveMs: () => timer.take(),
      giveBackActiveMs: (ms) => timer.giveBack(ms),
      onState: setSaveState,
      onSaved: (saved) => {
        setActiveMs(saved.activeMs);
        setSavedFindings(saved.findings);
        onSaved?.();
      },
      extras,
      keeper: stash,
    }),
  );
  useDraftSaver(saver);
  return { saver, stash, saveState, activeMs, savedFindings };
}


import { useEffect, useState } from 'react';
import type { AnnotationView, SaveAnnotationBody } from '../../../../../shared/schemas/annotation';
import { saveDraftOn } from '../baseTextGuard';
import { ActiveTimer } from './activeTime';
import { DraftSaver, type SaveState } from './saver';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'input', 'selectionchange'] as const;

/** Counts active time while the editor is open: visible tab, activity within the last minute. */
function useActiveTimer(enabled: boolean): ActiveTimer {
  const [timer] = useState(() => new ActiveTimer());
  useEffect(() => {
    if (!enabled) return;
    const onActivity = () => timer.activity();
    ACTIVITY_EVENTS.forEach((e) => document.addEventListener(e, onActivity, { passive: true }));
    const tick = setInterval(() => timer.tick(document.visibilityState === 'visible'), 1000);
    return () => {
      clearInterval(tick);
      ACTIVITY_EVENTS.forEach((e) => document.removeEventListener(e, onActivity));
    };
  }, [timer, enabled]);
  return timer;
}

export interface Draft {
  saver: DraftSaver;
  saveState: SaveState;
  activeMs: number;
}

/** The autosave machinery of one loaded annotation. */
export function useDraft(view: AnnotationView, readOnly: boolean): Draft {
  const timer = useActiveTimer(!readOnly);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const [activeMs, setActiveMs] = useState(view.activeMs);
  const [saver] = useState(
    () =>
      new DraftSaver({
        version: view.version,
        send: (body: SaveAnnotationBody) => saveDraftOn(view, body),
        takeActiveMs: () => timer.take(),
        giveBackActiveMs: (ms) => timer.giveBack(ms),
        onState: setSaveState,
        onSaved: (saved) => setActiveMs(saved.activeMs),
      }),
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (saver.hasUnsaved) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (saver.hasUnsaved) void saver.flush();
    };
  }, [saver]);
  return { saver, saveState, activeMs };
}


import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../../api';
import type { CaseView } from '../../../../../shared/adjudicationView';
import type { GoldPoint } from '../../../../../shared/schemas/adjudication';

export type SaveState = 'saved' | 'pending' | 'saving' | 'conflict' | 'error';

export const AUTOSAVE_DELAY_MS = 700;

export interface GoldDraft {
  view: CaseView;
  points: GoldPoint[];
  notes: string;
  saveState: SaveState;
  error: string | null;
  setPoints: (next: GoldPoint[]) => void;
  setNotes: (next: string) => void;
  /** Run a server action after any pending save, in order, with the current version. */
  act: (call: (version: number) => Promise<CaseView>) => Promise<boolean>;
}

/**
 * The gold draft of one problem: local edits autosave (debounced) with the version they are
 * based on; every server action goes through one queue, so saves and actions never race and a
 * 409 stops everything until the adjudicator reloads.
 */
export function useGoldDraft(initial: CaseView): GoldDraft {
  const [view, setView] = useState(initial);
  const [points, setPointsState] = useState<GoldPoint[]>(initial.gold.points);
  const [notes, setNotesState] = useState(initial.gold.notes);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const version = useRef(initial.gold.version);
  const latest = useRef({ points, notes, edits: 0 });
  const savedEdits = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const stopped = useRef(false);

  const fail = useCallback((err: unknown) => {
    const message = err instanceof ApiError ? err.message : 'The server could not be reached; your changes are kept here.';
    if (err instanceof ApiError && err.isConflict) stopped.current = true;
    setSaveState(err instanceof ApiError && err.isConflict ? 'conflict' : 'error');
    setError(message);
  }, []);

  const accept = useCallback((next: CaseView) => {
    version.current = next.gold.version;
    setView(next);
  }, []);

  const enqueue = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const saveNow = useCallback(
    () =>
      enqueue(async () => {
        const { points: p, notes: n, edits } = latest.current;
        if (edits === savedEdits.current || stopped.current) return;
        setSaveState('saving');
        try {
          const next = await api.put<CaseView>(`/api/adjudications/${encodeURIComponent(initial.questionId)}`, { version: version.current, points: p, notes: n });
          savedEdits.current = edits;
          accept(next);
          setError(null);
          setSaveState(latest.current.edits === edits ? 'saved' : 'pending');
        } catch (err) {
          fail(err);
          throw err;
        }
      }),
    [accept, enqueue, fail, initial.questionId],
  );

  useEffect(() => {
    if (saveState !== 'pending') return;
    const timer = setTimeout(() => saveNow().catch(() => undefined), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saveState, points, notes, saveNow]);

  const edited = useCallback((p: GoldPoint[], n: string) => {
    latest.current = { points: p, notes: n, edits: latest.current.edits + 1 };
    if (!stopped.current) setSaveState('pending');
  }, []);

  const setPoints = useCallback((next: GoldPoint[]) => {
    setPointsState(next);
    edited(next, latest.current.notes);
  }, [edited]);

  const setNotes = useCallback((next: string) => {
    setNotesState(next);
    edited(latest.current.points, next);
  }, [edited]);

  const act = useCallback(
    async (call: (v: number) => Promise<CaseView>): Promise<boolean> => {
      try {
        await saveNow();
        const next = await enqueue(() => call(version.current));
        accept(next);
        if (latest.current.edits === savedEdits.current) {
          setPointsState(next.gold.points);
          setNotesState(next.gold.notes);
          latest.current = { points: next.gold.points, notes: next.gold.notes, edits: latest.current.edits };
        }
        setError(null);
        return true;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 400)) fail(err);
        else setError(err.message);
        return false;
      }
    },
    [accept, enqueue, fail, saveNow],
  );

  return { view, points, notes, saveState, error, setPoints, setNotes, act };
}

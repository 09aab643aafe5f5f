import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { adjudications } from '../../../../../shared/api/adjudications';
import { DraftSaver, type SaveState as DraftState } from '../../../drafts/draftSaver';
import { draftStash } from '../../../drafts/draftStash';
import { fieldEditKey } from '../../../drafts/history';
import { useDraftSaver } from '../../../drafts/useDraftSaver';
import { useHistory } from '../../../drafts/useHistory';
import { useUndoKeys } from '../../../drafts/useUndoKeys';
import { useMe } from '../../../session';
import type { CaseView } from '../../../../../shared/adjudicationView';
import { saveGoldBody, type GoldPoint } from '../../../../../shared/schemas/adjudication';

export type SaveState = 'saved' | 'pending' | 'saving' | 'conflict' | 'error';

/** What the adjudicator edits locally and autosaves: the gold points and the notes. */
export interface GoldEdits {
  points: GoldPoint[];
  notes: string;
}

export interface GoldHistory {
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
}

export interface GoldDraft {
  view: CaseView;
  points: GoldPoint[];
  notes: string;
  saveState: SaveState;
  error: string | null;
  /** Replace the gold points (one undo step; `label` names it, else it is derived from the change). */
  setPoints: (next: GoldPoint[], label?: string) => void;
  setNotes: (next: string) => void;
  /** Run a server action after any pending save, in order, with the current version. */
  act: (call: (version: number) => Promise<CaseView>) => Promise<boolean>;
  history: GoldHistory;
  undo: () => void;
  redo: () => void;
}

const STATE: Record<DraftState['kind'], SaveState> = {
  saved: 'saved',
  pending: 'pending',
  saving: 'saving',
  conflict: 'conflict',
  invalid: 'error',
  error: 'error',
  signedOut: 'error',
};

const stateMessage = (s: DraftState) => ('message' in s ? s.message : null);

/** The undo label of a change to the gold points. */
function labelOf(prev: readonly GoldPoint[], next: readonly GoldPoint[]): string {
  if (next.length > prev.length) return 'add a gold point';
  if (next.length < prev.length) return 'drop a gold point';
  const key = fieldEditKey(prev, next, ['question', 'answer', 'note']);
  if (key) return `edit gold point ${Number(key.split('.')[0]) + 1}`;
  const changed = next.findIndex((p, i) => p !== prev[i]);
  return changed >= 0 ? `change gold point ${changed + 1}` : 'change the gold points';
}

/**
 * The gold draft of one problem, saved by the shared versioned-draft saver (debounce, retries,
 * flush on leaving, keep on 401, stop on 409); every server action runs in the same queue, so
 * saves and actions never race. Local edits form an undo history (Ctrl+Z / Ctrl+Shift+Z);
 * `onNothing` hears why an undo or redo key did nothing.
 */
export function useGoldDraft(initial: CaseView, onNothing?: (message: string) => void): GoldDraft {
  const me = useMe();
  const [view, setView] = useState(initial);
  const [stash] = useState(() => draftStash<GoldEdits>(me.username, 'gold', initial.questionId, saveGoldBody.omit({ version: true })));
  const [restored] = useState(() => (initial.gold.status === 'resolved' ? null : stash.restore(initial.gold.version)));
  const [edits, setEdits] = useState<GoldEdits>(restored ?? { points: initial.gold.points, notes: initial.gold.notes });
  const [state, setState] = useState<DraftState>({ kind: 'saved' });
  const [actionError, setActionError] = useState<string | null>(null);
  const latest = useRef(edits);
  const [saver] = useState(
    () =>
      new DraftSaver<GoldEdits, CaseView>({
        version: initial.gold.version,
        send: (d, version, keepalive) =>
          call(adjudications.save, { params: { questionId: initial.questionId }, body: { version, points: d.points, notes: d.notes }, keepalive }),
        versionOf: (saved) => saved.gold.version,
        onState: setState,
        onSaved: (saved) => setView(saved),
        keeper: stash,
      }),
  );
  useDraftSaver(saver);
  const history = useHistory<GoldEdits>();

  useEffect(() => {
    if (restored) saver.change(restored);
  }, [restored, saver]);

  const apply = useCallback(
    (next: GoldEdits) => {
      latest.current = next;
      setEdits(next);
      setActionError(null);
      saver.change(next);
    },
    [saver],
  );

  const edit = useCallback(
    (next: GoldEdits, label: string) => {
      const before = latest.current;
      const key = before.points === next.points ? 'notes' : before.notes === next.notes ? fieldEditKey(before.points, next.points, ['question', 'answer', 'note']) : null;
      history.record(before, label, key);
      apply(next);
    },
    [apply, history],
  );

  const setPoints = useCallback(
    (next: GoldPoint[], label?: string) => edit({ points: next, notes: latest.current.notes }, label ?? labelOf(latest.current.points, next)),
    [edit],
  );
  const setNotes = useCallback((next: string) => edit({ points: latest.current.points, notes: next }, 'edit the notes'), [edit]);

  const editable = view.gold.status !== 'resolved' && state.kind !== 'conflict';
  const readOnlyReason = view.gold.status === 'resolved' ? 'Read-only: this problem is resolved (a maintainer can reopen it).' : 'Read-only: someone else changed this problem; reload it.';
  /** Undo or redo one step; a key that can do nothing says why (`key` names it) instead of staying silent. */
  const travel = (move: typeof history.undo, key: string, nothing: string) => {
    const step = editable ? move(latest.current) : null;
    if (step) apply(step.state);
    else onNothing?.(`${key}: ${editable ? nothing : readOnlyReason}`);
  };
  const undo = () => travel(history.undo, 'Ctrl+Z', 'Nothing left to undo on this page (a resolve, reopen or task override starts a new history).');
  const redo = () => travel(history.redo, 'Ctrl+Shift+Z', 'Nothing to redo.');
  useUndoKeys(undo, redo, true);

  const act = useCallback(
    async (call: (v: number) => Promise<CaseView>): Promise<boolean> => {
      try {
        if (!(await saver.flush())) return false;
        const next = await saver.run(call);
        setView(next);
        if (!saver.hasUnsaved) {
          latest.current = { points: next.gold.points, notes: next.gold.notes };
          setEdits(latest.current);
        }
        // A server action (resolve, reopen, an override) is not undoable: start a new history.
        history.clear();
        setActionError(null);
        return true;
      } catch (err) {
        setActionError(err instanceof ApiError ? err.message : 'The server could not be reached; your changes are kept here.');
        return false;
      }
    },
    [history, saver],
  );

  return {
    view,
    points: edits.points,
    notes: edits.notes,
    saveState: STATE[state.kind],
    error: actionError ?? stateMessage(state),
    setPoints,
    setNotes,
    act,
    history: { canUndo: history.canUndo, canRedo: history.canRedo, undoLabel: history.undoLabel, redoLabel: history.redoLabel },
    undo,
    redo,
  };
}

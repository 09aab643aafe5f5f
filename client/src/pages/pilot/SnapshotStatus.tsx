import { useEffect, useState } from 'react';
import type { SaveState } from '../../drafts/draftSaver';

const clock = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

const PROBLEM: Partial<Record<SaveState['kind'], string>> = {
  conflict: 'Conflict: not saved',
  invalid: 'Not saved: invalid',
  error: 'Error: not saved',
  signedOut: 'Not saved: log in again',
};

/** Re-renders every second while `on`, so a countdown stays true. */
function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const every = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(every);
  }, [on]);
  return now;
}

/**
 * The code's one save status, on the snapshot cadence: when the last snapshot was saved and, while
 * there are changes since, when the next will be ("saved as you type" would not be true: a snapshot
 * is taken every CODE_SNAPSHOT_MS while typing goes on, and when the page is left).
 */
export function SnapshotStatus({ state, submitted, lastSavedAt, nextSnapshotAt }: { state: SaveState; submitted: boolean; lastSavedAt: number | null; nextSnapshotAt: number }) {
  const now = useTick(!submitted && state.kind === 'pending');
  const last = lastSavedAt === null ? 'No snapshot yet' : `Last snapshot ${clock(lastSavedAt)}`;
  let text: string;
  if (submitted) text = 'Submitted';
  else if (PROBLEM[state.kind]) text = PROBLEM[state.kind]!;
  else if (state.kind === 'saving') text = 'Saving a snapshot…';
  else if (state.kind === 'pending') text = `${last} · changes since; next snapshot in ${Math.max(1, Math.ceil((nextSnapshotAt - now) / 1000))} s`;
  else text = `${last} · no change since`;
  const kind = submitted ? 'submitted' : state.kind;
  return (
    <span className={`save-state ${kind}`} role="status" aria-live="polite" aria-atomic="true" data-testid="save-state">
      {text}
    </span>
  );
}

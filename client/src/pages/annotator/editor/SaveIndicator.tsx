import type { SaveState } from './saver';

const LABEL: Record<SaveState['kind'], string> = {
  saved: 'Saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  conflict: 'Conflict',
  invalid: 'Not saved: invalid',
  error: 'Error: not saved',
  signedOut: 'Not saved: log in again',
};

export function SaveIndicator({ state, submitted }: { state: SaveState; submitted: boolean }) {
  const kind = submitted ? 'submitted' : state.kind;
  return (
    <span className={`save-state ${kind}`} role="status" aria-live="polite" data-testid="save-state">
      {submitted ? 'Submitted' : LABEL[state.kind]}
    </span>
  );
}

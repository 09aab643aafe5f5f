import { useEffect, useRef } from 'react';
import type { ApiError } from './api';
import { keptDraftNames } from './drafts/draftStash';
import { LoginForm } from './pages/LoginPage';
import type { Me } from '../../shared/schemas/auth';

/** Where the keyboard was when the session ended: the field and its caret (or the page's selection). */
interface Caret {
  element: HTMLElement;
  field: { start: number | null; end: number | null } | null;
  range: Range | null;
}

function caretNow(): Caret | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const isField = element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement;
  const selection = window.getSelection();
  return {
    element,
    field: isField ? { start: element.selectionStart, end: element.selectionEnd } : null,
    range: !isField && selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null,
  };
}

/** Back to where the keyboard was, if that place is still on the page. */
function restore(caret: Caret | null): void {
  if (!caret?.element.isConnected) return;
  caret.element.focus({ preventScroll: true });
  const { element, field, range } = caret;
  if (field && (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) && field.start !== null) {
    element.setSelectionRange(field.start, field.end ?? field.start);
  } else if (range) {
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
}

/** A deactivated account: it cannot log in, and what it had not saved waits in this browser, named. */
function Deactivated({ username }: { username: string }) {
  const kept = keptDraftNames(username);
  if (kept.length === 0) return <p>Nothing unsaved of yours waits in this browser.</p>;
  return (
    <>
      <p>What you had not saved is kept in this browser, and is offered again when you log in here after the account is reactivated:</p>
      <ul aria-label="Kept in this browser">
        {kept.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * Shown over the page when the session ends while working: the page (and any unsaved draft)
 * stays underneath, and logging in here lets it save what waited. The username is filled in, so
 * the keyboard goes to the password; after the login it goes back where it was, caret included.
 */
export function SessionDialog({ username, onLogin }: { username: string; onLogin: (me: Me) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const caret = useRef<Caret | null>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return undefined;
    caret.current = caretNow();
    if (!el.open) el.showModal();
    // showModal focuses the first field, the username that is already filled: typing there would change it.
    el.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
    return () => {
      el.close();
      restore(caret.current);
    };
  }, []);
  const explain = (err: ApiError) => (err.code === 'account_deactivated' ? <Deactivated username={username} /> : null);
  return (
    // Escape must not close it: the page cannot save until the user logs in again.
    <dialog ref={dialog} className="session-dialog" aria-labelledby="session-dialog-title" onCancel={(e) => e.preventDefault()}>
      <LoginForm onLogin={onLogin} initialUsername={username} explain={explain}>
        <h2 id="session-dialog-title">Your session has ended</h2>
        <p className="muted">Log in again to go on. Nothing you changed on this page is lost: it is saved once you are back.</p>
      </LoginForm>
    </dialog>
  );
}

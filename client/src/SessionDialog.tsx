import { useEffect, useRef } from 'react';
import { LoginForm } from './pages/LoginPage';
import type { Me } from '../../shared/schemas/auth';

/**
 * Shown over the page when the session ends while working: the page (and any unsaved draft)
 * stays underneath, and logging in here lets it save what waited.
 */
export function SessionDialog({ username, onLogin }: { username: string; onLogin: (me: Me) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  return (
    // Escape must not close it: the page cannot save until the user logs in again.
    <dialog ref={dialog} className="session-dialog" aria-labelledby="session-dialog-title" onCancel={(e) => e.preventDefault()}>
      <LoginForm onLogin={onLogin} initialUsername={username}>
        <h2 id="session-dialog-title">Your session has ended</h2>
        <p className="muted">Log in again to go on. Nothing you changed on this page is lost: it is saved once you are back.</p>
      </LoginForm>
    </dialog>
  );
}

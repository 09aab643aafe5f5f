import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { auth } from '../../../../shared/api/auth';
import { useMe } from '../../session';

type Said = { kind: 'success' | 'error'; text: string } | null;

/** Your account, for every role: who you are signed in as, and changing your own password. */
export default function AccountPage() {
  const me = useMe();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = again !== '' && again !== next;

  async function change(e: FormEvent) {
    e.preventDefault();
    if (next !== again) return setSaid({ kind: 'error', text: 'The new password and its repetition differ.' });
    setBusy(true);
    try {
      const done = await call(auth.changePassword, { body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      setAgain('');
      const others = done.otherSessionsEnded;
      setSaid({ kind: 'success', text: `Password changed. You stay signed in here${others > 0 ? `; ${others === 1 ? 'one other session was' : `${others} other sessions were`} signed out` : ''}.` });
    } catch (err) {
      setSaid({ kind: 'error', text: err instanceof ApiError ? err.message : 'The password could not be changed.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{me.username}</strong> ({me.role}).
      </p>
      <form className="card" aria-labelledby="password-title" onSubmit={(e) => void change(e) /* says its own failure */}>
        <h2 id="password-title">Change your password</h2>
        <p className="muted">At least 8 characters. Your other sessions (other browsers and devices) are signed out; this one stays.</p>
        <label>
          Current password <input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
        </label>
        <label>
          New password <input type="password" autoComplete="new-password" minLength={8} value={next} onChange={(e) => setNext(e.target.value)} required />
        </label>
        <label>
          New password again <input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required aria-invalid={mismatch} />
        </label>
        {mismatch && <p className="muted">The repetition differs from the new password.</p>}
        <p className="row">
          <button type="submit" className="primary" disabled={busy || current === '' || next === '' || again === ''}>
            Change password
          </button>
        </p>
        {said && (
          <p className={said.kind} role={said.kind === 'error' ? 'alert' : 'status'}>
            {said.text}
          </p>
        )}
      </form>
    </section>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, loggedIn } from '../api';
import { call } from '../apiCall';
import { auth } from '../../../shared/api/auth';
import type { Me } from '../../../shared/schemas/auth';

interface FormProps {
  onLogin: (me: Me) => void;
  initialUsername?: string;
  children: ReactNode;
  /** More to say under a refused login's message (the session dialog: what waits in this browser). */
  explain?: (err: ApiError) => ReactNode;
}

/** The login form, on the login page and in the dialog shown over a page whose session ended. */
export function LoginForm({ onLogin, initialUsername = '', children, explain }: FormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setRefusal(null);
    try {
      const me = await call(auth.login, { body: { username, password } });
      loggedIn(me.username);
      onLogin(me);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Login failed.');
      setRefusal(err instanceof ApiError ? err : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card login-card" onSubmit={(e) => void submit(e) /* shows its own error */} aria-label="Log in">
      {children}
      <label>
        Username
        <input autoFocus={initialUsername === ''} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </label>
      <label>
        Password
        <input autoFocus={initialUsername !== ''} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && (
        <div role="alert" className="error">
          <p>{error}</p>
          {refusal && explain?.(refusal)}
        </div>
      )}
      <button type="submit" className="primary" disabled={busy}>
        Log in
      </button>
    </form>
  );
}

export function LoginPage({ onLogin }: { onLogin: (me: Me) => void }) {
  return (
    <main className="login">
      <LoginForm onLogin={onLogin}>
        <h1>CCB Studio</h1>
        <p className="muted">Annotation, adjudication and releases for ClarifyCodeBench.</p>
      </LoginForm>
    </main>
  );
}

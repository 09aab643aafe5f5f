import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api';
import { call } from '../apiCall';
import { auth } from '../../../shared/api/auth';
import type { Me } from '../../../shared/schemas/auth';

interface FormProps {
  onLogin: (me: Me) => void;
  initialUsername?: string;
  children: ReactNode;
}

/** The login form, on the login page and in the dialog shown over a page whose session ended. */
export function LoginForm({ onLogin, initialUsername = '', children }: FormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onLogin(await call(auth.login, { body: { username, password } }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Login failed.');
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
        <p role="alert" className="error">
          {error}
        </p>
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

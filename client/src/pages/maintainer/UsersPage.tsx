import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { users } from '../../../../shared/api/users';
import { useMe } from '../../session';
import { ROLES, type Role } from '../../../../shared/roles';
import type { UserView } from '../../../../shared/schemas/backoffice';
import { ConfirmDialog } from '../../ConfirmDialog';
import './backoffice.css';
import { TableHead } from '../../components/TableHead';

type Notice = { kind: 'success' | 'error'; text: string } | null;
const message = (err: unknown) => (err instanceof ApiError ? err.message : 'The change could not be saved.');

/** The form reports its failures to the page's one notice, so the next success replaces them. */
function CreateUserForm({ onCreated, onError }: { onCreated: (user: UserView) => void; onError: (text: string) => void }) {
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('annotator');
  const [password, setPassword] = useState('');
  const roleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      onCreated(await call(users.create, { body: { username, role, password } }));
      setUsername('');
      setPassword('');
    } catch (err) {
      onError(message(err));
    }
  }

  return (
    <form className="card" onSubmit={(e) => void submit(e) /* shows its own error */} aria-label="Create an account">
      <h2>New account</h2>
      <div className="user-form">
        <label>
          Username
          <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" required />
        </label>
        {/* Not nested: a label wrapping a select would take the options' text into its name. */}
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <label>
          Password
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" minLength={8} required />
        </label>
        <button type="submit" className="primary">
          Create account
        </button>
      </div>
    </form>
  );
}

interface UserRowProps {
  user: UserView;
  self: boolean;
  onChange: (body: object, done: string) => Promise<boolean>;
  onClearLock: () => void;
}

/** What failed logins do to an account right now, in words. */
function lockText(lock: NonNullable<UserView['loginLock']>): string {
  const parts = [`${lock.failures} failed login${lock.failures === 1 ? '' : 's'}`];
  if (lock.lockedAddresses > 0) parts.push(`${lock.lockedAddresses} address${lock.lockedAddresses === 1 ? '' : 'es'} locked out`);
  if (lock.retryAfter > 0) parts.push(`new addresses wait ${Math.ceil(lock.retryAfter / 60)} min`);
  return parts.join(', ');
}

/** What each role does, for the confirmation of a role change. */
const ROLE_WORK: Record<Role, string> = {
  annotator: 'works a queue of assigned problems',
  adjudicator: 'cross-checks and resolves annotated problems',
  maintainer: 'manages accounts, assignments, releases, runs and pilot studies',
  pilot: 'works release tasks in pilot studies',
};

const article = (role: Role) => (role === 'annotator' || role === 'adjudicator' ? 'an' : 'a');

/** A role picked in the list is only applied once confirmed; Cancel leaves the old one. */
function RoleChoice({ user, disabled, onChange }: { user: UserView; disabled: boolean; onChange: UserRowProps['onChange'] }) {
  const [picked, setPicked] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);
  async function apply(role: Role) {
    setBusy(true);
    await onChange({ role }, `${user.username} is now ${role}.`);
    setBusy(false);
    setPicked(null);
  }
  return (
    <>
      <select aria-label={`Role of ${user.username}`} value={picked ?? user.role} disabled={disabled} onChange={(e) => setPicked(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      {picked && picked !== user.role && (
        <ConfirmDialog title={`Make ${user.username} ${article(picked)} ${picked}?`} confirmLabel="Change role" busy={busy} onConfirm={() => void apply(picked) /* onChange reports its own failure */} onCancel={() => setPicked(null)}>
          <p data-testid="role-change">
            {user.username} is {article(user.role)} {user.role} ({ROLE_WORK[user.role]}). As {picked}, {user.username} {ROLE_WORK[picked]}, with that role's pages and rights from their next request.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Deactivating logs the account out and stops its work: asked first, as a role change is. Reactivating needs no question. */
function ActiveToggle({ user, onChange }: { user: UserView; onChange: UserRowProps['onChange'] }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const setActive = async (active: boolean) => {
    setBusy(true);
    await onChange({ active }, `${user.username} is ${active ? 'active again' : 'deactivated and logged out'}.`);
    setBusy(false);
    setAsking(false);
  };
  if (!user.active)
    return (
      <button type="button" aria-label={`Reactivate ${user.username}`} onClick={() => void setActive(true) /* onChange reports its own failure */}>
        Reactivate
      </button>
    );
  return (
    <>
      <button type="button" className="danger" aria-label={`Deactivate ${user.username}`} onClick={() => setAsking(true)}>
        Deactivate
      </button>
      {asking && (
        <ConfirmDialog title={`Deactivate ${user.username}?`} confirmLabel="Deactivate" busy={busy} onConfirm={() => void setActive(false) /* onChange reports its own failure */} onCancel={() => setAsking(false)}>
          <p data-testid="deactivate-summary">
            {user.username} is logged out at once and cannot log in until reactivated; their submitted work stays, and a maintainer can reassign what they had open.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function UserRow({ user, self, onChange, onClearLock }: UserRowProps) {
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');

  async function reset(e: FormEvent) {
    e.preventDefault();
    if (await onChange({ password }, `New password set for ${user.username}.`)) {
      setResetting(false);
      setPassword('');
    }
  }

  return (
    <tr>
      <td>
        {user.username} {self && <span className="muted">(you)</span>}
      </td>
      <td>
        <RoleChoice user={user} disabled={self} onChange={onChange} />
      </td>
      <td>
        {user.active ? <span className="badge submitted">active</span> : <span className="badge inactive">deactivated</span>}
        {user.loginLock && (
          <>
            {' '}
            <span className="badge inactive" title={lockText(user.loginLock)}>
              login locked
            </span>
            <span className="muted small"> {lockText(user.loginLock)}</span>
          </>
        )}
      </td>
      <td>
        <div className="user-actions">
          {resetting ? (
            <form className="user-actions" onSubmit={(e) => void reset(e) /* onChange reports its own failure */}>
              <label>
                New password for {user.username}
                <input type="password" autoFocus value={password} minLength={8} required autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} />
              </label>
              <button type="submit" className="primary">
                Set password
              </button>
              <button type="button" onClick={() => setResetting(false)}>
                Cancel
              </button>
            </form>
          ) : (
            <button type="button" aria-label={`Reset password of ${user.username}`} onClick={() => setResetting(true)}>
              Reset password
            </button>
          )}
          {user.loginLock && (
            <button type="button" aria-label={`Clear login lock of ${user.username}`} onClick={onClearLock}>
              Clear login lock
            </button>
          )}
          {!self && <ActiveToggle user={user} onChange={onChange} />}
        </div>
      </td>
    </tr>
  );
}

/** Accounts: create, change role, reset password, deactivate and reactivate, clear a login lock. */
export default function UsersPage() {
  const me = useMe();
  const loaded = useResource(users.list);
  const accounts = loaded.data ?? null;
  const [said, setNotice] = useState<Notice>(null);
  const notice: Notice = said ?? (loaded.error === undefined ? null : { kind: 'error', text: message(loaded.error) });

  async function change(username: string, body: object, done: string): Promise<boolean> {
    try {
      await call(users.update, { params: { username }, body });
      setNotice({ kind: 'success', text: done });
      return true;
    } catch (err) {
      setNotice({ kind: 'error', text: message(err) });
      return false;
    }
  }

  async function clearLock(username: string): Promise<void> {
    try {
      await call(users.clearLoginLock, { params: { username } });
      setNotice({ kind: 'success', text: `${username} can log in again.` });
    } catch (err) {
      setNotice({ kind: 'error', text: message(err) });
    }
  }

  return (
    <section className="page backoffice">
      <h1>Users</h1>
      <CreateUserForm
        onCreated={(u) => {
          setNotice({ kind: 'success', text: `Created ${u.role} ${u.username}.` });
        }}
        onError={(text) => setNotice({ kind: 'error', text })}
      />
      {notice && (
        <p className={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {accounts === null ? (
        <p className="loading">Loading accounts…</p>
      ) : (
        <table aria-label="Accounts">
          <TableHead columns={['Username', 'Role', 'Status', 'Actions']} />
          <tbody>
            {accounts.map((u) => (
              <UserRow
                key={u.username}
                user={u}
                self={u.username.toLowerCase() === me.username.toLowerCase()}
                onChange={(body, done) => change(u.username, body, done)}
                onClearLock={() => void clearLock(u.username)}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

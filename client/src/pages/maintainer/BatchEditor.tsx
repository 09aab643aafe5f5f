import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { ConfirmDialog } from '../../ConfirmDialog';
import { navigate } from '../../router';
import { batches as batchesApi } from '../../../../shared/api/batches';
import type { BatchDetail } from '../../../../shared/schemas/batches';

type Said = { kind: 'success' | 'error'; text: string } | null;
const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
/** Question ids typed as a list: commas, spaces or lines between them. */
const idsOf = (text: string) => text.split(/[\s,]+/).filter((s) => s !== '');
const batchHref = (name: string) => `/batches/${encodeURIComponent(name)}`;

function Said({ said }: { said: Said }) {
  if (!said) return null;
  return (
    <p className={said.kind} role={said.kind === 'error' ? 'alert' : 'status'}>
      {said.text}
    </p>
  );
}

/**
 * Rename or re-date: a new name moves the page to the batch's new address. The fields start anew
 * from each saved state (the form is keyed by it); what was said is the editor's, so it outlives that.
 */
function RenameForm({ b, said, setSaid }: { b: BatchDetail; said: Said; setSaid: (said: Said) => void }) {
  const [name, setName] = useState(b.name);
  const [due, setDue] = useState(b.due);
  const [busy, setBusy] = useState(false);
  const changed = name.trim() !== b.name || due !== b.due;
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const renamed = name.trim() !== b.name;
      const body = { ...(renamed ? { name: name.trim() } : {}), ...(due !== b.due ? { due } : {}) };
      const done = await call(batchesApi.update, { params: { name: b.name }, body, leaving: renamed });
      setSaid({ kind: 'success', text: `Saved: ${done.name}, due ${done.due}.` });
      if (done.name !== b.name) navigate(batchHref(done.name), { replace: true });
    } catch (err) {
      setSaid({ kind: 'error', text: message(err, 'The batch could not be saved.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="row" aria-label="Name and due date" onSubmit={(e) => void save(e) /* says its own failure */}>
      <label className="inline">
        Name <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
      </label>
      <label className="inline">
        Due date <input type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || !changed}>
        Save name and due date
      </button>
      <Said said={said} />
    </form>
  );
}

/** Add problems (in no batch) or take problems out (never those with submitted work: the server says which). */
function ProblemsForm({ b }: { b: BatchDetail }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const done = await call(batchesApi.changeProblems, { params: { name: b.name }, body: { add: idsOf(add), remove: idsOf(remove) } });
      setAdd('');
      setRemove('');
      setSaid({ kind: 'success', text: `The batch now holds ${done.problems} problems.` });
    } catch (err) {
      setSaid({ kind: 'error', text: message(err, 'The problems could not be changed.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form aria-label="Add or remove problems" onSubmit={(e) => void save(e) /* says its own failure */}>
      <div className="row">
        <label className="inline">
          Add (question ids) <input value={add} onChange={(e) => setAdd(e.target.value)} placeholder="abc390_b, abc390_c" />
        </label>
        <label className="inline">
          Remove (question ids) <input value={remove} onChange={(e) => setRemove(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || idsOf(add).length + idsOf(remove).length === 0}>
          Change problems
        </button>
      </div>
      <p className="muted">Submitted work is never moved: a problem with a submitted annotation stays in its batch.</p>
      <Said said={said} />
    </form>
  );
}

/** Delete, after asking: the problems stay, with their assignments and work, in no batch. */
function DeleteBatch({ b }: { b: BatchDetail }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    setBusy(true);
    try {
      await call(batchesApi.remove, { params: { name: b.name }, leaving: true });
      navigate('/batches');
    } catch (err) {
      setError(message(err, 'The batch could not be deleted.'));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        Delete the batch…
      </button>
      {asking && (
        <ConfirmDialog title={`Delete batch ${b.name}?`} confirmLabel="Delete the batch" busy={busy} onConfirm={() => void remove() /* says its own failure */} onCancel={() => setAsking(false)}>
          <p>
            Its {b.problems} problems stay, with their assignments and work, in no batch. The due date and the batch’s suggestion policy go with it.
          </p>
        </ConfirmDialog>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Change a batch: name, due date, problems, or delete it. */
export function BatchEditor({ b }: { b: BatchDetail }) {
  const [renameSaid, setRenameSaid] = useState<Said>(null);
  return (
    <section className="card" aria-labelledby="batch-edit-title">
      <h2 id="batch-edit-title">Change the batch</h2>
      <RenameForm key={`${b.name}:${b.due}`} b={b} said={renameSaid} setSaid={setRenameSaid} />
      <ProblemsForm b={b} />
      <DeleteBatch b={b} />
    </section>
  );
}

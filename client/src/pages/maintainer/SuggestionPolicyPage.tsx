import { useId, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { suggestionPolicy } from '../../../../shared/api/suggestionPolicy';
import type { BatchPolicyView, SuggestionPolicyView } from '../../../../shared/suggestions/policyView';
import { SUGGESTION_POLICIES, type SuggestionPolicy } from '../../../../shared/suggestions/schema';
import { Link } from '../../router';
import { TableHead } from '../../components/TableHead';
import { POLICY_MEANING, PolicyWarnings } from './SuggestionPolicyParts';
import { plural } from '../../../../shared/plural';
import './backoffice.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;
const FOLLOW = 'global';

/** One policy chooser with its own Save: a select of the policies (and, for a batch, "follow the global policy"). */
function PolicyForm({
  label,
  value,
  withFollow,
  onSave,
}: {
  label: string;
  value: SuggestionPolicy | null;
  withFollow: boolean;
  onSave: (policy: SuggestionPolicy | null) => Promise<void>;
}) {
  const id = useId();
  const [choice, setChoice] = useState<string>(value ?? FOLLOW);
  const [busy, setBusy] = useState(false);
  const changed = choice !== (value ?? FOLLOW);
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onSave(choice === FOLLOW ? null : (choice as SuggestionPolicy)).finally(() => setBusy(false));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
        {withFollow && <option value={FOLLOW}>follow the global policy</option>}
        {SUGGESTION_POLICIES.map((p) => (
          <option key={p} value={p}>
            {p}: {POLICY_MEANING[p]}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || !changed} aria-label={`Save: ${label}`}>
        Save
      </button>
    </form>
  );
}

function BatchRow({ batch, onSave }: { batch: BatchPolicyView; onSave: (name: string, policy: SuggestionPolicy | null) => Promise<void> }) {
  return (
    <tr>
      <th scope="row">
        <Link href={`/batches/${encodeURIComponent(batch.name)}`}>{batch.name}</Link>
      </th>
      <td>{batch.due}</td>
      <td>
        <PolicyForm key={batch.policy ?? FOLLOW} label={`Policy of batch ${batch.name}`} value={batch.policy} withFollow onSave={(p) => onSave(batch.name, p)} />
      </td>
      <td>{batch.effective}</td>
      <td>
        {batch.coverage.withSuggestions} of {batch.coverage.problems}
      </td>
    </tr>
  );
}

/** /suggestions/policy — the maintainer views and changes who is shown model suggestions: globally and per batch. */
export default function SuggestionPolicyPage() {
  const loaded = useResource(suggestionPolicy.get);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const view = loaded.data;

  async function save(what: string, write: () => Promise<SuggestionPolicyView>) {
    setOutcome(null);
    try {
      loaded.set(await write());
      setOutcome({ kind: 'success', text: `Saved: ${what}.` });
    } catch (err) {
      setOutcome({ kind: 'error', text: err instanceof ApiError ? err.message : 'The policy could not be saved.' });
    }
  }

  if (loaded.error !== undefined) return <p className="error" role="alert">The suggestion policy could not be loaded.</p>;
  if (!view) return <p className="loading">Loading the suggestion policy…</p>;
  return (
    <section className="page backoffice suggestion-policy">
      <h1>Suggestion policy</h1>
      <p className="muted">
        Who is shown the model suggestions, and when: a batch with a policy of its own follows it, every other problem the global policy. Adjudicators, pilots and
        maintainers are never shown suggestions. <Link href="/suggestions">Suggestions</Link> lists what was imported and generated.
      </p>
      <PolicyWarnings view={view} />
      {outcome && (
        <p className={outcome.kind} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      )}
      <section className="card" aria-labelledby="global-policy-h">
        <h2 id="global-policy-h">Global policy</h2>
        <p>
          Now <strong>{view.global.policy}</strong>: it covers {plural(view.global.coverage.problems, 'problem')}, {view.global.coverage.withSuggestions} of them with suggestions.
        </p>
        <PolicyForm
          key={view.global.policy}
          label="Global suggestion policy"
          value={view.global.policy}
          withFollow={false}
          onSave={(p) => save(`the global policy is ${p ?? 'off'}`, () => call(suggestionPolicy.setGlobal, { body: { policy: p ?? 'off' } }))}
        />
      </section>
      <section className="card" aria-labelledby="batch-policy-h">
        <h2 id="batch-policy-h">Batches</h2>
        {view.batches.length === 0 ? (
          <p className="muted">No batches yet: every problem follows the global policy.</p>
        ) : (
          <div className="scroll-x">
            <table aria-label="Batch policies">
              <TableHead columns={['batch', 'due', 'its policy', 'in force', 'problems with suggestions']} />
              <tbody>
                {view.batches.map((b) => (
                  <BatchRow
                    key={b.name}
                    batch={b}
                    onSave={(name, p) =>
                      save(p === null ? `batch ${name} follows the global policy` : `batch ${name}'s policy is ${p}`, () =>
                        call(suggestionPolicy.setBatch, { params: { name }, body: { policy: p } }),
                      )
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

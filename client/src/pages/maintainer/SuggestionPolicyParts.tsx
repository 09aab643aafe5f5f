import { suggestionPolicy } from '../../../../shared/api/suggestionPolicy';
import type { SuggestionImportsView, SuggestionPolicyView } from '../../../../shared/suggestions/policyView';
import type { SuggestionPolicy } from '../../../../shared/suggestions/schema';
import { useResource } from '../../resources/useResource';
import { Link } from '../../router';
import { TableHead } from '../../components/TableHead';

/** What each policy means for an annotator, in the words of docs/suggestions.md. */
export const POLICY_MEANING: Record<SuggestionPolicy, string> = {
  off: 'never shown',
  'after-draft': 'shown once they have saved a point of their own',
  always: 'shown from the start',
};

/** The warnings of policies that show suggestions that do not exist (nothing when there are none). */
export function PolicyWarnings({ view }: { view: SuggestionPolicyView }) {
  if (view.warnings.length === 0) return null;
  return (
    <ul className="warning policy-warnings" aria-label="Suggestion policy warnings" data-testid="policy-warnings">
      {view.warnings.map((w) => (
        <li key={w.batch ?? ''}>{w.message}</li>
      ))}
    </ul>
  );
}

const coverageText = (c: { problems: number; withSuggestions: number }) => `${c.withSuggestions} of ${c.problems} problems have suggestions`;

/** The Suggestions page's summary of the policy in force, with its warnings and a link to change it. */
export function PolicyInForce() {
  const loaded = useResource(suggestionPolicy.get);
  const view = loaded.data;
  return (
    <section className="card" aria-labelledby="policy-h">
      <h2 id="policy-h">Policy in force</h2>
      {loaded.error !== undefined && <p className="error">The suggestion policy could not be loaded.</p>}
      {view && (
        <>
          <p data-testid="global-policy">
            Global policy: <strong>{view.global.policy}</strong> (annotators: {POLICY_MEANING[view.global.policy]}); {coverageText(view.global.coverage)}.
          </p>
          {view.batches.some((b) => b.policy !== null) && (
            <ul aria-label="Batches with their own policy">
              {view.batches
                .filter((b) => b.policy !== null)
                .map((b) => (
                  <li key={b.name}>
                    Batch {b.name}: <strong>{b.policy}</strong>; {coverageText(b.coverage)}.
                  </li>
                ))}
            </ul>
          )}
          <PolicyWarnings view={view} />
          <p>
            <Link href="/suggestions/policy">Change the suggestion policy</Link>
          </p>
        </>
      )}
    </section>
  );
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The suggestions imported (when, by whom, how many) and those stored per agent and source. */
export function ImportedSuggestions() {
  const loaded = useResource(suggestionPolicy.imports);
  const view: SuggestionImportsView | undefined = loaded.data;
  return (
    <section className="card" aria-labelledby="imports-h">
      <h2 id="imports-h">Imported and stored suggestions</h2>
      {loaded.error !== undefined && <p className="error">The imported suggestions could not be loaded.</p>}
      {view && view.imports.length === 0 && (
        <p className="muted">
          No suggestions were imported yet: <code>npm run cli -- suggestions import FILE</code>.
        </p>
      )}
      {view && view.imports.length > 0 && (
        <div className="scroll-x">
          <table aria-label="Suggestion imports">
            <TableHead columns={['imported', 'by', 'file', 'suggestions', 'new', 'replaced', 'agents']} />
            <tbody>
              {view.imports.map((i, n) => (
                <tr key={n}>
                  <td>{when(i.at)}</td>
                  <td>{i.by}</td>
                  <td>{i.file ?? '—'}</td>
                  <td>{i.total}</td>
                  <td>{i.created}</td>
                  <td>{i.replaced}</td>
                  <td>{i.agents.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view && view.sources.length > 0 && (
        <div className="scroll-x">
          <table aria-label="Stored suggestions by agent and source">
            <TableHead columns={['agent', 'source', 'suggestions', 'on the current text', 'latest']} />
            <tbody>
              {view.sources.map((s) => (
                <tr key={`${s.agent}-${s.source}`}>
                  <td>{s.agent}</td>
                  <td>{s.source === 'import' ? 'imported' : 'generated'}</td>
                  <td>{s.suggestions}</td>
                  <td>{s.current}</td>
                  <td>{when(s.latestAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

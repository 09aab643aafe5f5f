import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call, urlOf } from '../../apiCall';
import { releases, type ReleasePreview } from '../../../../shared/api/releases';
import type { ValidationReport } from '../../../../shared/release/validate';
import { releaseName, type ReleaseCheck, type ReleaseSummary } from '../../../../shared/schemas/release';
import { releaseVersion, semanticVersion } from '../../../../shared/schemas/releaseSettings';
import { PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import { VARIANT_POLICIES, type VariantPolicy } from '../../../../shared/subsets';
import { ConfirmDialog } from '../../ConfirmDialog';
import { ValidationReportView } from './ReleaseReport';
import { BaselineChoice } from './ReleaseBaselines';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';
import { nextReleaseName } from '../../../../shared/release/nextName';
import { plural } from '../../../../shared/plural';

const POLICY_LABELS: Record<VariantPolicy, string> = {
  'all-subsets': 'All non-empty subsets of the gold points (1 → 1, 2 → 3, 3 → 7 tasks)',
  singletons: 'Singletons only (one task per gold point)',
  'full-set': 'Full set only (one task per problem)',
};

/** The server's preview and what it was asked for. */
type Preview = ReleasePreview & {
  policy: VariantPolicy;
  extended: boolean;
  /** The name the check was run for. */
  name: string;
};

/** The check's findings beyond validation: a name already used, and the problems the release leaves out. */
function CheckFindings({ check, nameTaken }: { check: ReleaseCheck; nameTaken: string | null }) {
  const { total, released } = check.problems;
  return (
    <section className="release-check" aria-labelledby="release-check-h">
      <h3 id="release-check-h">Release check</h3>
      {nameTaken && <p className="error">Name: {nameTaken}</p>}
      <p className={check.leftOut.length > 0 ? 'warning' : 'muted'}>
        {released} of {total} problem{total === 1 ? '' : 's'} {released === 1 ? 'is' : 'are'} in this release
        {check.leftOut.length > 0 ? `; ${check.leftOut.length} ${check.leftOut.length === 1 ? 'is' : 'are'} left out because ${check.leftOut.length === 1 ? 'its' : 'their'} adjudication is not resolved.` : '.'}
      </p>
      {check.leftOut.length > 0 && (
        <details className="left-out">
          <summary>Problems left out ({check.leftOut.length})</summary>
          <table className="findings" aria-label="Problems left out">
            <TableHead columns={['Problem', 'Title', 'State']} />
            <tbody>
              {check.leftOut.map((p) => (
                <tr key={p.questionId}>
                  <td>
                    <code>{p.questionId}</code>
                  </td>
                  <td>{p.title}</td>
                  <td>{PROBLEM_ADJUDICATION_STATE[p.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

/** Release settings the data card would print empty: about the card, not about the problems. */
function CardSettingWarnings({ check }: { check: ReleaseCheck }) {
  if (check.cardWarnings.length === 0) return null;
  return (
    <section className="card-settings-check" aria-labelledby="card-settings-h">
      <h3 id="card-settings-h" title="Each makes the card say that nothing was stated; set them under Data card settings below.">
        Data card settings ({check.cardWarnings.length} empty)
      </h3>
      <ul className="card-warnings" aria-label="Data card settings left empty">
        {check.cardWarnings.map((w) => (
          <li key={w.setting} className="warning">
            {w.message}
          </li>
        ))}
      </ul>
    </section>
  );
}


/** What the cut will hold and leave out, and why, e.g. "holds 1 of 88 problems (3 tasks); 87 left out …". */
export function cutSummary(check: ReleaseCheck, tasks: number): string {
  const { total, released } = check.problems;
  const held = `It holds ${released} of ${plural(total, 'problem')} (${plural(tasks, 'task')})`;
  if (check.leftOut.length === 0) return `${held}: every problem is in it.`;
  const reasons = new Map<string, number>();
  for (const p of check.leftOut) {
    const label = PROBLEM_ADJUDICATION_STATE[p.state];
    reasons.set(label, (reasons.get(label) ?? 0) + 1);
  }
  const why = [...reasons].map(([label, n]) => `${n} ${label}`).join(', ');
  return `${held}; ${check.leftOut.length} left out, their adjudication not resolved: ${why}.`;
}

/** Check first (the validation report), then cut: a release with errors cannot be cut. */
export function CutReleaseForm({ existing, onCut }: { existing: readonly string[]; onCut: () => void }) {
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [version, setVersion] = useState('');
  const [policy, setPolicy] = useState<VariantPolicy>('all-subsets');
  const [extended, setExtended] = useState(false);
  const [runs, setRuns] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'checking' | 'cutting' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cut, setCut] = useState<ReleaseSummary | null>(null);
  const [asking, setAsking] = useState(false);

  const effectiveName = name.trim() || nextReleaseName(existing);
  const nameCheck = releaseName.safeParse(effectiveName);
  const versionCheck = version.trim() ? semanticVersion.safeParse(version) : null;
  const effectiveVersion = releaseVersion(effectiveName, versionCheck?.success ? versionCheck.data : undefined);
  const stale = preview !== null && (preview.policy !== policy || preview.extended !== extended);
  // A name already used: the check says so for the name it was run with; the list of releases for any other.
  const nameTaken =
    preview?.name === effectiveName ? preview.check.nameTaken : existing.includes(effectiveName) ? `A release named "${effectiveName}" already exists; choose a new name.` : null;
  const canCut = preview !== null && !stale && preview.report.errors === 0 && nameCheck.success && nameTaken === null && versionCheck?.success !== false && busy === null;

  async function check() {
    setBusy('checking');
    setError(null);
    setCut(null);
    try {
      const name = nameCheck.success ? effectiveName : undefined;
      const result = await call(releases.preview, { body: { policy, extended, name } });
      setPreview({ ...result, policy, extended, name: name ?? '' });
      setRuns((chosen) => chosen.filter((m) => result.runs.some((r) => r.model === m)));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  /** A release cannot be changed once cut: say what it will hold, and ask. */
  function submit(e: FormEvent) {
    e.preventDefault();
    if (canCut) setAsking(true);
  }

  async function cutNow() {
    if (!canCut) return;
    setBusy('cutting');
    setError(null);
    try {
      const result = await call(releases.cut, { body: { name: effectiveName, notes, policy, extended, runs, ...(versionCheck?.success ? { version: versionCheck.data } : {}) } });
      setCut(result.release);
      setPreview(null);
      setName('');
      setNotes('');
      setVersion('');
      setRuns([]);
      onCut();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') {
        const report = (err.details as { report?: ValidationReport } | undefined)?.report;
        if (report && preview) setPreview({ ...preview, report });
      }
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(null);
      setAsking(false);
    }
  }

  return (
    <form className="card cut-release" onSubmit={submit} aria-label="Cut a release">
      <h2>Cut a release</h2>
      <div className="cut-fields">
        <label>
          Name
          <input value={name} placeholder={nextReleaseName(existing)} onChange={(e) => setName(e.target.value)} aria-invalid={!nameCheck.success} title={`Left empty: ${nextReleaseName(existing)}, the version after the highest stored one`} />
        </label>
        <label>
          Version
          <input
            value={version}
            placeholder={effectiveVersion}
            onChange={(e) => setVersion(e.target.value)}
            aria-invalid={versionCheck?.success === false}
            title={`MAJOR.MINOR.PATCH for the metadata; empty: ${effectiveVersion} (from the release's name when it is a version, else 0.1.0)`}
          />
        </label>
        <label>
          Variant policy
          <select value={policy} onChange={(e) => setPolicy(e.target.value as VariantPolicy)}>
            {VARIANT_POLICIES.map((p) => (
              <option key={p} value={p}>
                {POLICY_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={extended} onChange={(e) => setExtended(e.target.checked)} />
          Extended fields (per-point types and provenance)
        </label>
        <label className="notes">
          Notes
          <textarea value={notes} rows={1} maxLength={4000} onChange={(e) => setNotes(e.target.value)} />
        </label>
      </div>
      {!nameCheck.success && <p className="error">Name: {nameCheck.error.issues[0]?.message}</p>}
      {versionCheck?.success === false && <p className="error">Version: {versionCheck.error.issues[0]?.message}</p>}
      <div className="row">
        <button type="button" onClick={() => void check() /* shows its own error */} disabled={busy !== null}>
          {busy === 'checking' ? 'Checking…' : preview && !stale ? 'Check again' : 'Check release'}
        </button>
        <button type="submit" className="primary" disabled={!canCut}>
          {busy === 'cutting' ? 'Cutting…' : `Cut release ${effectiveName}`}
        </button>
        {busy && <span className="progress" role="progressbar" aria-label={busy === 'checking' ? 'Checking the release' : 'Cutting the release'}><span className="indeterminate" /></span>}
        {!preview && !busy && <span className="muted">Check the release first: the validation report decides whether it can be cut.</span>}
        {stale && <span className="warning">The policy changed since the check: check again.</span>}
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {cut && (
        <p className="success" role="status">
          Release <strong>{cut.name}</strong> was cut: {plural(cut.manifest.counts.tasks, 'task')} from {plural(cut.manifest.counts.problems, 'problem')}. Version {cut.manifest.version}.{' '}
          <a href={urlOf(releases.download, { params: { name: cut.name } })} download>
            Download {cut.name}.zip
          </a>
        </p>
      )}
      {asking && preview && (
        <ConfirmDialog title={`Cut release ${effectiveName}?`} confirmLabel="Confirm cut" busy={busy === 'cutting'} onConfirm={() => void cutNow() /* shows its own error */} onCancel={() => setAsking(false)}>
          <p data-testid="cut-summary">{cutSummary(preview.check, preview.counts.tasks)}</p>
          <p>
            Version {effectiveVersion}
            {runs.length > 0 ? `, with the baselines of ${runs.join(', ')}` : ''}. A release is immutable: once cut, it cannot be changed, and its name stays taken.
          </p>
        </ConfirmDialog>
      )}
      {preview && <CheckFindings check={preview.check} nameTaken={nameTaken} />}
      {preview && <ValidationReportView report={preview.report} acknowledgement={preview.acknowledgement} counts={preview.counts} continues={preview.continues} />}
      {preview && <CardSettingWarnings check={preview.check} />}
      {preview && !stale && <BaselineChoice candidates={preview.runs} chosen={runs} onChange={setRuns} />}
    </form>
  );
}

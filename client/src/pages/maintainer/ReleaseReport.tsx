import type { ReleaseFinding, ValidationReport } from '../../../../shared/release/validate';
import type { ReleaseManifest } from '../../../../shared/schemas/release';

/** Warnings can run into the hundreds: show this many and say how many more there are. */
const SHOWN = 200;

function FindingsTable({ findings, label }: { findings: readonly ReleaseFinding[]; label: string }) {
  return (
    <>
      <table className="findings" aria-label={label}>
        <thead>
          <tr>
            <th>Task</th>
            <th>Rule</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {findings.slice(0, SHOWN).map((f, i) => (
            <tr key={`${f.task_id}-${f.rule}-${i}`}>
              <td>{f.task_id}</td>
              <td>
                <code>{f.rule}</code>
              </td>
              <td>{f.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {findings.length > SHOWN && <p className="muted">… and {findings.length - SHOWN} more.</p>}
    </>
  );
}

/** The validation report of a release about to be cut: errors block it, warnings are for review. */
export function ValidationReportView({ report, counts, continues }: { report: ValidationReport; counts: ReleaseManifest['counts']; continues: string | null }) {
  const errors = report.findings.filter((f) => f.severity === 'error');
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  const byRule = new Map<string, number>();
  for (const w of warnings) byRule.set(w.rule, (byRule.get(w.rule) ?? 0) + 1);
  return (
    <section className="validation-report" aria-label="Validation report">
      <h3>Validation report</h3>
      <p>
        {counts.tasks} tasks from {counts.problems} problems (K = 1: {counts.k['1'] ?? 0}, K = 2: {counts.k['2'] ?? 0}, K = 3: {counts.k['3'] ?? 0})
        {continues ? `; continues release ${continues}` : ''}.
      </p>
      {errors.length > 0 ? (
        <div className="error" role="alert">
          <strong>{errors.length} error(s) block this release.</strong> Fix them (in the adjudication) and check again.
        </div>
      ) : (
        <p className="success">No errors: this release can be cut.</p>
      )}
      {errors.length > 0 && <FindingsTable findings={errors} label="Errors" />}
      {warnings.length > 0 && (
        <details className="warnings">
          <summary>
            {warnings.length} warning(s) to review: {[...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ')}
          </summary>
          <FindingsTable findings={warnings} label="Warnings" />
        </details>
      )}
      {warnings.length === 0 && errors.length === 0 && <p className="muted">No warnings.</p>}
    </section>
  );
}

import type { ReleaseFinding, ValidationReport } from '../../../../shared/release/validate';
import type { ReleaseManifest } from '../../../../shared/schemas/release';
import type { RuleAcknowledgement } from '../../../../shared/release/acknowledged';
import { TableHead } from '../../components/TableHead';

/** Warnings can run into the hundreds: show this many and say how many more there are. */
const SHOWN = 200;

function FindingsTable({ findings, label }: { findings: readonly ReleaseFinding[]; label: string }) {
  return (
    <>
      <table className="findings" aria-label={label}>
        <TableHead columns={['Task', 'Rule', 'Message']} />
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

/** Examples shown per rule when expanded; the first is always in view. */
const EXAMPLES = 5;

/** Warnings grouped by rule, in the order their rules first appear. */
export function byRule(findings: readonly ReleaseFinding[]): [string, ReleaseFinding[]][] {
  const groups = new Map<string, ReleaseFinding[]>();
  for (const f of findings) groups.set(f.rule, [...(groups.get(f.rule) ?? []), f]);
  return [...groups];
}

const example = (f: ReleaseFinding) => (
  <>
    <code>{f.task_id}</code>: {f.message}
  </>
);

/** One line per rule: how many warnings, the first example, and a few more on request. */
function WarningsByRule({ warnings }: { warnings: readonly ReleaseFinding[] }) {
  return (
    <table className="findings warnings-by-rule" aria-label="Warnings by rule">
      <TableHead columns={['Rule', 'Warnings', 'First examples']} />
      <tbody>
        {byRule(warnings).map(([rule, found]) => (
          <tr key={rule}>
            <th scope="row">
              <code>{rule}</code>
            </th>
            <td>{found.length}</td>
            <td>
              <div>{example(found[0]!)}</div>
              {found.length > 1 && (
                <details>
                  <summary>
                    {found.length > EXAMPLES ? `${EXAMPLES - 1} more examples of ${found.length - 1}` : `${found.length - 1} more`}
                  </summary>
                  <ul className="rule-examples">
                    {found.slice(1, EXAMPLES).map((f, k) => (
                      <li key={`${f.task_id}-${k}`}>{example(f)}</li>
                    ))}
                  </ul>
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Per rule, the findings the annotators acknowledged on submit, with their reasons, apart from those nobody acknowledged. */
function AcknowledgementTable({ rows }: { rows: readonly RuleAcknowledgement[] }) {
  if (rows.length === 0) return null;
  return (
    <details className="acknowledgement">
      <summary>Acknowledged on submit: {rows.reduce((n, r) => n + r.acknowledged, 0)}; nobody acknowledged: {rows.reduce((n, r) => n + r.unseen, 0)}</summary>
      <table className="findings" aria-label="Findings acknowledged on submit">
        <TableHead columns={['Rule', 'Acknowledged', 'Nobody acknowledged', 'Reasons']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.rule}>
              <td>
                <code>{r.rule}</code>
              </td>
              <td>{r.acknowledged}</td>
              <td>{r.unseen}</td>
              <td>
                {r.reasons.slice(0, SHOWN).map((x, i) => (
                  <div key={`${x.task_id}-${x.annotator}-${i}`} className="small">
                    {x.task_id} ({x.annotator}, point {x.point + 1}): {x.reason}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The validation report of a release about to be cut: errors block it, warnings are for review. */
export function ValidationReportView({ report, acknowledgement = [], counts, continues }: { report: ValidationReport; acknowledgement?: readonly RuleAcknowledgement[]; counts: ReleaseManifest['counts']; continues: string | null }) {
  const errors = report.findings.filter((f) => f.severity === 'error');
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  return (
    <section className="validation-report" aria-labelledby="validation-report-h">
      <h3 id="validation-report-h">Validation report</h3>
      {errors.length > 0 ? (
        <div className="error" role="alert">
          <strong>{errors.length} error(s) block this release.</strong> Fix them (in the adjudication) and check again.
        </div>
      ) : (
        <p className="success">No errors: this release can be cut.</p>
      )}
      <p>
        {counts.tasks} tasks from {counts.problems} problems (K = 1: {counts.k['1'] ?? 0}, K = 2: {counts.k['2'] ?? 0}, K = 3: {counts.k['3'] ?? 0})
        {continues ? `; continues release ${continues}` : ''}.
      </p>
      {errors.length > 0 && <FindingsTable findings={errors} label="Errors" />}
      {warnings.length > 0 && (
        <>
          <p className="warning-count">
            {warnings.length} warning{warnings.length === 1 ? '' : 's'} to review, of {byRule(warnings).length} rule{byRule(warnings).length === 1 ? '' : 's'}:
          </p>
          <WarningsByRule warnings={warnings} />
        </>
      )}
      {warnings.length === 0 && errors.length === 0 && <p className="muted">No warnings.</p>}
      <AcknowledgementTable rows={acknowledgement} />
    </section>
  );
}

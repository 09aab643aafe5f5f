import { RULE_LABELS, type AcknowledgedFinding, type PointFinding } from '../../../../../shared/writing/findings';
import { MAX_ACK_REASON } from '../../../../../shared/schemas/annotation';
import { ErrorMessage } from '../../../components/ErrorMessage';

interface Props {
  findings: PointFinding[];
  reasons: Record<string, string>;
  missing: boolean;
  onReason: (key: string, reason: string) => void;
}

export const findingKey = (f: Pick<PointFinding, 'point' | 'rule'>) => `${f.point}:${f.rule}`;

/** The acknowledgements a submit sends: every finding with the reason typed for it. */
export function acknowledgements(findings: readonly PointFinding[], reasons: Record<string, string>): AcknowledgedFinding[] {
  return findings.map((f) => ({ point: f.point, rule: f.rule, reason: (reasons[findingKey(f)] ?? '').trim() }));
}

/** In the submit dialog: each finding of the shared rules, with a field for why it is acceptable. */
export function AcknowledgeFindings({ findings, reasons, missing, onReason }: Props) {
  return (
    <div className="acknowledge-findings" data-testid="acknowledge-findings">
      <p>The release check would flag these. Say for each why it is right as it is; the adjudicator sees your reason beside the point.</p>
      {missing && <ErrorMessage>Give a reason for every finding.</ErrorMessage>}
      <ol>
        {findings.map((f) => (
          <li key={findingKey(f)}>
            <label>
              <span>
                Point {f.point + 1}, <b>{RULE_LABELS[f.rule]}</b>: {f.message}
              </span>
              <textarea rows={2} maxLength={MAX_ACK_REASON} value={reasons[findingKey(f)] ?? ''} aria-label={`Reason for point ${f.point + 1}: ${RULE_LABELS[f.rule]}`} onChange={(e) => onReason(findingKey(f), e.target.value)} />
            </label>
          </li>
        ))}
      </ol>
    </div>
  );
}

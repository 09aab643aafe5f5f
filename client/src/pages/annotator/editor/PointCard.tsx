import type { Ref } from 'react';
import type { Point } from '../../../../../shared/edits';
import type { FieldIssue } from '../../../../../shared/errors';
import { TypePicker } from './TypePicker';
import { showRepairText } from './TextPane';
import { LimitedTextarea } from '../../../text/LimitedTextarea';
import { MAX_POINT_TEXT } from '../../../../../shared/schemas/point';
import { RULE_LABELS, type AcknowledgedFinding, type PointFinding } from '../../../../../shared/writing/findings';

interface Props {
  index: number;
  point: Point;
  base: string;
  readOnly: boolean;
  /** The question, answer and type alone (editable after a conflict, while the rest is read-only); readOnly when not given. */
  fieldsReadOnly?: boolean;
  issues: FieldIssue[];
  /** The shared rules' findings on this point, shown while the annotator writes. */
  findings: PointFinding[];
  /** After submit: the findings acknowledged, with the reasons given. */
  acknowledged: AcknowledgedFinding[];
  /** The key question's box: it takes focus after a deletion for this point. */
  questionRef?: Ref<HTMLTextAreaElement>;
  onChange: (patch: Partial<Pick<Point, 'question' | 'answer' | 'type'>>) => void;
  onRestore: (offset: number) => void;
  onRemoveRepair: (repairIndex: number) => void;
  onRemovePoint: () => void;
}

function snippet(text: string): string {
  const flat = text.replace(/\n/g, '↵');
  return flat.length > 60 ? `${flat.slice(0, 28)} … ${flat.slice(-28)}` : flat;
}

function FieldError({ issues, field }: { issues: FieldIssue[]; field: string }) {
  const mine = issues.filter((i) => i.path === field || i.path.startsWith(`${field}[`));
  if (mine.length === 0) return null;
  return <span className="field-error">{mine.map((i) => i.message).join('; ')}</span>;
}

function Deletions({ index, point, base, readOnly, onRestore, onRemoveRepair }: Omit<Props, 'issues' | 'findings' | 'acknowledged' | 'onChange' | 'onRemovePoint' | 'questionRef'>) {
  if (point.deletions.length === 0 && point.repairs.length === 0) {
    return <p className="muted small">Select text in the statement and press <kbd>{index + 1}</kbd> to delete it for this point.</p>;
  }
  return (
    <ul className="edit-list">
      {point.deletions.map(([s, e]) => (
        <li key={`d${s}`}>
          <del className={`deleted p${index + 1}`}>{snippet(base.slice(s, e))}</del>
          {!readOnly && (
            <button type="button" className="link" onClick={() => onRestore(s)} aria-label={`Restore "${snippet(base.slice(s, e))}"`}>
              restore
            </button>
          )}
        </li>
      ))}
      {point.repairs.map((r, i) => (
        <li key={`r${r.start}-${i}`}>
          <span className="muted">repair:</span> <s>{showRepairText(base.slice(r.start, r.end))}</s> → <ins className={`repair-mark p${index + 1}`}>{showRepairText(r.text)}</ins>
          {!readOnly && (
            <button type="button" className="link" onClick={() => onRemoveRepair(i)} aria-label={`Remove repair ${i + 1} of point ${index + 1}`}>
              remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the release check would say about this point, said now; with the reason once acknowledged. */
function PointFindings({ index, findings, acknowledged }: { index: number; findings: PointFinding[]; acknowledged: AcknowledgedFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="point-findings small" aria-label={`Findings on point ${index + 1}`} data-testid="point-findings">
      {findings.map((f) => {
        const reason = acknowledged.find((a) => a.rule === f.rule)?.reason;
        return (
          <li key={f.rule} data-rule={f.rule}>
            <b>{RULE_LABELS[f.rule]}</b>: {f.message}
            {reason !== undefined && <span className="acknowledged"> Acknowledged: {reason}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** One ambiguity point: its deletions and repairs, key question, answer and type. */
export function PointCard(props: Props) {
  const { index, point, readOnly, issues, findings, acknowledged, questionRef, onChange, onRemovePoint } = props;
  const fieldsReadOnly = props.fieldsReadOnly ?? readOnly;
  const prefix = `points[${index}]`;
  const mine = issues.filter((i) => i.path.startsWith(prefix));
  const invalid = (field: string) => mine.some((i) => i.path.startsWith(`${prefix}.${field}`));
  return (
    <fieldset className={`point-card p${index + 1}`} aria-label={`Point ${index + 1}`} data-point-type={point.type ?? ''}>
      <legend>
        <span className={`swatch p${index + 1}`} aria-hidden="true" /> Point {index + 1}
      </legend>
      <Deletions {...props} />
      <FieldError issues={mine} field={`${prefix}.deletions`} />
      <FieldError issues={mine} field={`${prefix}.repairs`} />
      <label>
        Key question
        <LimitedTextarea
          textareaRef={questionRef}
          rows={2}
          max={MAX_POINT_TEXT}
          value={point.question}
          readOnly={fieldsReadOnly}
          aria-invalid={invalid('question')}
          placeholder="What should a model ask to recover the deleted information?"
          onValue={(question) => onChange({ question })}
        />
        <FieldError issues={mine} field={`${prefix}.question`} />
      </label>
      <label>
        Answer
        <LimitedTextarea rows={2} max={MAX_POINT_TEXT} value={point.answer} readOnly={fieldsReadOnly} aria-invalid={invalid('answer')} placeholder="The ground truth, drawn from the deleted text" onValue={(answer) => onChange({ answer })} />
        <FieldError issues={mine} field={`${prefix}.answer`} />
      </label>
      <TypePicker value={point.type} readOnly={fieldsReadOnly} invalid={invalid('type')} onChoose={(type) => onChange({ type })} />
      <FieldError issues={mine} field={`${prefix}.type`} />
      <PointFindings index={index} findings={findings} acknowledged={acknowledged} />
      {!readOnly && (
        <button type="button" className="link remove-point" onClick={onRemovePoint} aria-label={`Remove point ${index + 1}`}>
          Remove point
        </button>
      )}
    </fieldset>
  );
}

import { useId } from 'react';
import { overriddenFields } from '../../../../../shared/adjudication';
import type { Point, Repair } from '../../../../../shared/edits';
import { CHECKLIST_LABELS, type Checklist, type GoldField, type GoldPoint } from '../../../../../shared/schemas/adjudication';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS, isAmbiguityType } from '../../../../../shared/taxonomy';
import type { Side } from './goldModel';
import { GrowingTextarea } from './GrowingTextarea';
import { CHECK_KEYS } from './slots';

const FIELD_LABEL: Record<GoldField, string> = { span: 'Span', question: 'Question', answer: 'Answer', type: 'Type' };
const SOURCE_LABEL = { A: 'from A', B: 'from B', both: 'A = B', edited: 'edited' } as const;
const CHECK_HINT: Record<keyof Checklist, string> = {
  plausible: 'the task still reads naturally and keeps its objective',
  ambiguous: 'without the answer, more than one reading is possible',
  sufficient: 'the answer restores what was deleted',
};

interface Props {
  base: string;
  index: number;
  point: GoldPoint;
  readOnly: boolean;
  onChange: (patch: Partial<GoldPoint>) => void;
  onTakeField: (field: GoldField, side: Side) => void;
  onDrop: () => void;
}

/** Where one field came from, and buttons to take it from A or B (under the field's label). */
function FieldSource({ field, point, readOnly, onTakeField }: { field: GoldField } & Pick<Props, 'point' | 'readOnly' | 'onTakeField'>) {
  if (point.provenance === 'legacy') return null;
  const sides: Side[] = [...(point.sources.from.a !== null ? ['A' as const] : []), ...(point.sources.from.b !== null ? ['B' as const] : [])];
  const source = point.sources[field] ?? 'edited';
  return (
    <span className="field-source">
      <span className={`badge source-${source}`}>{SOURCE_LABEL[source]}</span>
      {sides.map((side) => (
        <button key={side} type="button" className="small" disabled={readOnly} aria-label={`${FIELD_LABEL[field]} from ${side}`} onClick={() => onTakeField(field, side)}>
          {side}
        </button>
      ))}
    </span>
  );
}

const describeRepair = (base: string, r: Repair) => `${JSON.stringify(base.slice(r.start, r.end))} → ${JSON.stringify(r.text)} at ${r.start}`;

/** A point recovered by import-release: no annotator sides, its reconstructed repairs flagged. */
function LegacyOrigin({ base, point }: { base: string; point: GoldPoint }) {
  return (
    <div className="legacy-origin">
      <p className="muted">Recovered from a legacy release and unchanged; any edit makes it a new point.</p>
      {point.repairs.length > 0 && (
        <p className="warning" aria-label="Reconstructed repairs">
          Reconstructed repairs (flagged): {point.repairs.map((r) => describeRepair(base, r)).join(', ')}
        </p>
      )}
    </div>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One gold point: its fields in a label | field grid, each label with the field's source, the checklist and the note. */
export function GoldPointCard({ base, index, point, readOnly, onChange, onTakeField, onDrop }: Props) {
  const n = index + 1;
  const id = useId();
  const overridden = overriddenFields(point);
  const excerpt = point.deletions.map(([s, e]) => base.slice(s, e)).join(' … ');
  const setCheck = (key: keyof Checklist, value: boolean) => onChange({ checklist: { ...point.checklist, [key]: value } });
  const source = (field: GoldField) => <FieldSource field={field} point={point} readOnly={readOnly} onTakeField={onTakeField} />;
  return (
    <section className={`card gold-point gp${n}`} aria-label={`Gold point ${n}`}>
      <header className="row gold-head">
        <h3>
          <span className={`swatch p${n}`} aria-hidden="true" /> Gold point {n}
        </h3>
        <span className={`badge provenance${point.provenance === 'legacy' ? ' legacy-badge' : ''}`}>provenance: {point.provenance}</span>
        <span className="spacer" />
        <button type="button" className="danger small" disabled={readOnly} onClick={onDrop}>
          Drop gold point {n}
        </button>
      </header>
      {point.provenance === 'legacy' && <LegacyOrigin base={base} point={point} />}
      <div className="gold-grid">
        <div className="gold-label">
          <span>Span</span>
          {source('span')}
        </div>
        <p className="deleted-excerpt">{excerpt ? `Deletes: ${excerpt}` : 'No deletion yet: select text in the gold text beside.'}</p>
        <div className="gold-label">
          <label htmlFor={`${id}-q`}>Question</label>
          {source('question')}
        </div>
        <GrowingTextarea id={`${id}-q`} value={point.question} disabled={readOnly} onChange={(e) => onChange({ question: e.target.value })} />
        <div className="gold-label">
          <label htmlFor={`${id}-a`}>Answer</label>
          {source('answer')}
        </div>
        <GrowingTextarea id={`${id}-a`} value={point.answer} disabled={readOnly} onChange={(e) => onChange({ answer: e.target.value })} />
        <div className="gold-label">
          <label htmlFor={`${id}-t`}>Type</label>
          {source('type')}
        </div>
        <select id={`${id}-t`} value={point.type ?? ''} disabled={readOnly} onChange={(e) => onChange({ type: isAmbiguityType(e.target.value) ? e.target.value : null } as Partial<Point>)}>
          <option value="">— choose a type —</option>
          {AMBIGUITY_TYPES.map((t) => (
            <option key={t} value={t} title={TYPE_DEFINITIONS[t]}>
              {t}
            </option>
          ))}
        </select>
        <div className="checklist" role="group" aria-label="Checklist">
          {(Object.keys(CHECKLIST_LABELS) as (keyof Checklist)[]).map((key) => (
            <label key={key} className="inline" title={`${CHECK_HINT[key]} (key ${CHECK_KEYS[key]})`}>
              <input type="checkbox" checked={point.checklist[key]} disabled={readOnly} aria-keyshortcuts={CHECK_KEYS[key]} onChange={(e) => setCheck(key, e.target.checked)} />
              {capitalised(CHECKLIST_LABELS[key])}
            </label>
          ))}
        </div>
        <div className="gold-label">
          <label htmlFor={`${id}-n`}>Note</label>
        </div>
        <div className="gold-note">
          {overridden.length > 0 && (
            <span className="muted required-hint" id={`${id}-nh`}>
              (required: this point overrides both annotators)
            </span>
          )}
          <GrowingTextarea id={`${id}-n`} value={point.note} disabled={readOnly} aria-describedby={overridden.length > 0 ? `${id}-nh` : undefined} onChange={(e) => onChange({ note: e.target.value })} />
        </div>
      </div>
    </section>
  );
}

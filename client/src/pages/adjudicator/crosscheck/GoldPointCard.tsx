import { overriddenFields } from '../../../../../shared/adjudication';
import type { Point, Repair } from '../../../../../shared/edits';
import { CHECKLIST_LABELS, GOLD_FIELDS, type Checklist, type GoldField, type GoldPoint } from '../../../../../shared/schemas/adjudication';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS, isAmbiguityType } from '../../../../../shared/taxonomy';
import type { Side } from './goldModel';

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

function FieldSources({ point, readOnly, onTakeField }: Pick<Props, 'point' | 'readOnly' | 'onTakeField'>) {
  const sides: Side[] = [...(point.sources.from.a !== null ? ['A' as const] : []), ...(point.sources.from.b !== null ? ['B' as const] : [])];
  return (
    <div className="field-sources" aria-label="Field sources">
      {GOLD_FIELDS.map((field) => {
        const source = point.sources[field] ?? 'edited';
        return (
          <span key={field} className="field-source">
            <strong>{FIELD_LABEL[field]}</strong> <span className={`badge source-${source}`}>{SOURCE_LABEL[source]}</span>
            {sides.map((side) => (
              <button key={side} type="button" className="small" disabled={readOnly} aria-label={`${FIELD_LABEL[field]} from ${side}`} onClick={() => onTakeField(field, side)}>
                {side}
              </button>
            ))}
          </span>
        );
      })}
    </div>
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

/** One gold point: where each field came from, its fields, the checklist and the note. */
export function GoldPointCard({ base, index, point, readOnly, onChange, onTakeField, onDrop }: Props) {
  const n = index + 1;
  const overridden = overriddenFields(point);
  const excerpt = point.deletions.map(([s, e]) => base.slice(s, e)).join(' … ');
  const setCheck = (key: keyof Checklist, value: boolean) => onChange({ checklist: { ...point.checklist, [key]: value } });
  return (
    <section className={`card gold-point gp${n}`} aria-label={`Gold point ${n}`}>
      <header className="row">
        <h3>
          <span className={`swatch p${n}`} aria-hidden="true" /> Gold point {n}
        </h3>
        <span className={`badge provenance${point.provenance === 'legacy' ? ' legacy-badge' : ''}`}>provenance: {point.provenance}</span>
        <span className="spacer" />
        <button type="button" className="danger small" disabled={readOnly} onClick={onDrop}>
          Drop gold point {n}
        </button>
      </header>
      {point.provenance === 'legacy' ? <LegacyOrigin base={base} point={point} /> : <FieldSources point={point} readOnly={readOnly} onTakeField={onTakeField} />}
      <p className="deleted-excerpt">{excerpt ? `Deletes: ${excerpt}` : 'No deletion yet: select text in the gold text beside.'}</p>
      <div className="gold-fields">
        <label>
          Question
          <input value={point.question} disabled={readOnly} onChange={(e) => onChange({ question: e.target.value })} />
        </label>
        <label>
          Answer
          <textarea rows={1} value={point.answer} disabled={readOnly} onChange={(e) => onChange({ answer: e.target.value })} />
        </label>
        <label>
          Type
          <select value={point.type ?? ''} disabled={readOnly} onChange={(e) => onChange({ type: isAmbiguityType(e.target.value) ? e.target.value : null } as Partial<Point>)}>
            <option value="">— choose a type —</option>
            {AMBIGUITY_TYPES.map((t) => (
              <option key={t} value={t} title={TYPE_DEFINITIONS[t]}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="checklist">
        <legend>Checklist</legend>
        {(Object.keys(CHECKLIST_LABELS) as (keyof Checklist)[]).map((key) => (
          <label key={key} className="inline" title={CHECK_HINT[key]}>
            <input type="checkbox" checked={point.checklist[key]} disabled={readOnly} onChange={(e) => setCheck(key, e.target.checked)} />
            {CHECKLIST_LABELS[key].charAt(0).toUpperCase() + CHECKLIST_LABELS[key].slice(1)}
          </label>
        ))}
      </fieldset>
      <label>
        Note{overridden.length > 0 ? ' (required: this point overrides both annotators)' : ''}
        <textarea rows={1} value={point.note} disabled={readOnly} onChange={(e) => onChange({ note: e.target.value })} />
      </label>
    </section>
  );
}

import { applyEdits, rangesLength, type Point } from '../../../../../shared/edits';

interface Props {
  base: string;
  points: Point[];
  /** -1: all points; otherwise the one point shown alone. */
  show: number;
  onShow: (show: number) => void;
}

/** The underspecified text, live: all points together, or one point alone. */
export function PreviewPane({ base, points, show, onShow }: Props) {
  const selected = show >= 0 && points[show] ? [points[show]] : points;
  const text = applyEdits(base, selected);
  const removed = rangesLength(selected.flatMap((p) => p.deletions));
  const options = [{ value: -1, label: 'All points' }, ...points.map((_, i) => ({ value: i, label: `Point ${i + 1}` }))];
  return (
    <section className="card preview" aria-labelledby="preview-title">
      <div className="row">
        <h2 id="preview-title">Underspecified text</h2>
        <div className="segmented" role="radiogroup" aria-label="Preview shows">
          {options.map((o) => (
            <button key={o.value} type="button" role="radio" aria-checked={(show >= 0 && points[show] ? show : -1) === o.value} className={o.value >= 0 ? `p${o.value + 1}` : undefined} onClick={() => onShow(o.value)}>
              {o.label}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <span className="muted small">
          {removed} of {base.length} characters deleted
        </span>
      </div>
      <pre className="preview-text" data-testid="preview-text">{text}</pre>
    </section>
  );
}

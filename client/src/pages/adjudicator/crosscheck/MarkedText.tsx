import type { MarkKind, MarkSegment } from '../../../../../shared/crossCheck';

export const MARK_LABEL: Record<Exclude<MarkKind, 'kept'>, string> = {
  both: 'deleted by both',
  onlyA: 'deleted only by Annotator A',
  onlyB: 'deleted only by Annotator B',
};

export function MarkLegend() {
  return (
    <ul className="mark-legend" aria-label="Legend">
      {(Object.keys(MARK_LABEL) as (keyof typeof MARK_LABEL)[]).map((kind) => (
        <li key={kind}>
          <span className={`mark mark-${kind}`} data-kind={kind}>
            sample
          </span>{' '}
          {MARK_LABEL[kind]}
        </li>
      ))}
    </ul>
  );
}

/** The base text once, every deleted character marked by who deleted it. */
export function MarkedText({ base, marks }: { base: string; marks: MarkSegment[] }) {
  return (
    <div className="crosscheck-text" aria-label="Base text with both annotations" data-testid="marked-text">
      {marks.map((m) =>
        m.kind === 'kept' ? (
          <span key={m.start}>{base.slice(m.start, m.end)}</span>
        ) : (
          <mark key={m.start} className={`mark mark-${m.kind}`} data-kind={m.kind} title={MARK_LABEL[m.kind]}>
            {base.slice(m.start, m.end)}
          </mark>
        ),
      )}
    </div>
  );
}

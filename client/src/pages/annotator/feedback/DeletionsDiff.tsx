import type { MarkSegment } from '../../../../../shared/crossCheck';

const LABEL: Record<MarkSegment['kind'], string> = { kept: '', both: 'deleted by you and the gold', onlyA: 'deleted only by you', onlyB: 'deleted only in the gold' };

/** The base text with each run marked as the cross-check marks it: side A is the annotator, side B the gold. */
export function DeletionsDiff({ base, marks }: { base: string; marks: readonly MarkSegment[] }) {
  return (
    <>
      <ul className="feedback-legend" aria-label="Legend">
        <li>
          <span className="fb-both">struck through</span>: deleted by you and in the gold
        </li>
        <li>
          <span className="fb-mine">orange, solid underline</span>: deleted only by you
        </li>
        <li>
          <span className="fb-gold">teal, dashed underline</span>: deleted only in the gold
        </li>
      </ul>
      <div className="feedback-text" data-testid="feedback-text">
        {marks.map((m) => {
          const text = base.slice(m.start, m.end);
          if (m.kind === 'kept') return <span key={m.start}>{text}</span>;
          return (
            <span key={m.start} className={m.kind === 'both' ? 'fb-both' : m.kind === 'onlyA' ? 'fb-mine' : 'fb-gold'}>
              <span className="sr-only">[{LABEL[m.kind]}: </span>
              {text}
              <span className="sr-only">]</span>
            </span>
          );
        })}
      </div>
    </>
  );
}

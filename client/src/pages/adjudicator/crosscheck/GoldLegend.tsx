import type { GoldPoint } from '../../../../../shared/schemas/adjudication';

/** What each gold point's deletion style in the base text means (one style per point). */
export function GoldLegend({ points }: { points: readonly GoldPoint[] }) {
  if (points.length === 0) return null;
  return (
    <ul className="mark-legend gold-legend" aria-label="Gold point styles">
      {points.map((p, i) => (
        <li key={i}>
          <del className={`deleted p${i + 1}`}>sample</del> deleted for gold point {i + 1}
          {p.provenance === 'legacy' ? ' (legacy)' : ''}
        </li>
      ))}
    </ul>
  );
}

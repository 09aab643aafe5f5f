import type { PointOrigin } from '../../../../../shared/suggestions/schema';

const LABELS: Record<PointOrigin['provenance'], string> = { own: 'own', suggested: 'suggested', 'suggested-edited': 'suggested, edited' };

/** Where an annotator's point came from: their own work, a model suggestion accepted as is, or one they changed. */
export function ProvenanceBadge({ origin }: { origin: PointOrigin | undefined }) {
  const provenance = origin?.provenance ?? 'own';
  return (
    <span className={`badge provenance provenance-${provenance}`} title="Where this point came from" data-testid="provenance">
      {LABELS[provenance]}
    </span>
  );
}

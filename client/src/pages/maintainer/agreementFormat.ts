import { formatRange, type BootstrapInterval, type Coefficient } from '../../../../shared/agreement';

/** A coefficient as text: a number, or "—" when not defined (the reason goes in a title). */
export function formatCoefficient(c: Coefficient, digits = 3): string {
  return c.value === null || c.value === undefined ? '—' : c.value.toFixed(digits);
}

/** A proportion as a percentage, or "—" when not defined (never "0.0%"). */
export function formatPercent(c: Coefficient): string {
  return c.value === null || c.value === undefined ? '—' : `${(c.value * 100).toFixed(1)}%`;
}

/** Heat-map intensity in [0, 1] for a count, relative to the largest count. */
export function heat(count: number, max: number): number {
  return max <= 0 || count <= 0 ? 0 : 0.12 + 0.88 * (count / max);
}

/** Short column labels for the confusion matrix: initials of the type's words. */
export function typeInitials(type: string): string {
  return type
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** "95% CI 0.41 to 0.63" (or in percent), "95% CI undefined" when no draw is defined: "to", never a dash that reads as a minus. */
export function formatIntervalText(i: BootstrapInterval, { percent = false, digits = 2 }: { percent?: boolean; digits?: number } = {}): string {
  const level = `${Math.round(i.level * 100)}% CI`;
  if (i.low === null || i.high === null) return `${level} undefined`;
  return `${level} ${formatRange(i.low, i.high, digits, percent)}`;
}

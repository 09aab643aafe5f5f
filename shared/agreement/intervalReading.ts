/**
 * An interval read against a coefficient's verbal bands: which bands it covers, and one
 * sentence that names a band only when the whole interval lies in it. A κ of 0.5 whose
 * interval runs from 0 to 1 is not "moderate"; it is too uncertain to place.
 */
import { FIGURE_GUIDE } from './readings';
import type { IntervalFigure } from './intervals';

export interface ReadingBand {
  /** Short name used in sentences ("slight", "not reliable"). */
  name: string;
  /** Lower and upper edge on the coefficient's scale. */
  from: number;
  to: number;
}

/** Landis & Koch's bands for κ (the edges as landisKoch reads them). */
const KAPPA_BANDS: readonly ReadingBand[] = [
  { name: 'poor', from: -1, to: 0 },
  { name: 'slight', from: 0, to: 0.2 },
  { name: 'fair', from: 0.2, to: 0.4 },
  { name: 'moderate', from: 0.4, to: 0.6 },
  { name: 'substantial', from: 0.6, to: 0.8 },
  { name: 'almost perfect', from: 0.8, to: 1 },
];

/** Krippendorff's thresholds for α. */
const ALPHA_BANDS: readonly ReadingBand[] = [
  { name: 'not reliable', from: -1, to: 0.667 },
  { name: 'tentative', from: 0.667, to: 0.8 },
  { name: 'reliable', from: 0.8, to: 1 },
];

/** The bands a figure is read by; empty for shares, which have no conventional reading. */
export function readingBands(figure: IntervalFigure): readonly ReadingBand[] {
  const { scale } = FIGURE_GUIDE[figure];
  return scale === 'kappa' ? KAPPA_BANDS : scale === 'alpha' ? ALPHA_BANDS : [];
}

/**
 * The band holding a value, with each scale's own edges: Landis & Koch read 0.2 as slight (an
 * edge belongs to the band below, and below 0 is poor), Krippendorff reads 0.8 as reliable (an
 * edge belongs to the band above).
 */
export function bandOf(bands: readonly ReadingBand[], value: number): number {
  const edgeBelow = bands === KAPPA_BANDS;
  const i = bands.findIndex((b, k) => (edgeBelow && k > 0 ? value <= b.to : value < b.to));
  return i === -1 ? bands.length - 1 : i;
}

/** A number as the page writes it: a true minus sign, fixed digits ("−0.13"). */
export function formatSigned(v: number, digits: number): string {
  const text = Math.abs(v).toFixed(digits);
  return v < 0 && Number(text) !== 0 ? `−${text}` : text;
}

/** A range written with "to" ("−0.13 to 1.00"), never with a dash that reads like a minus. */
export function formatRange(low: number, high: number, digits = 2, percent = false): string {
  const f = (v: number) => (percent ? `${formatSigned(v * 100, 1)}%` : formatSigned(v, digits));
  return `${f(low)} to ${f(high)}`;
}

/**
 * The reading of a figure given its value and 95% interval: the band when the interval lies in
 * one, "between A and B: too few problems to tell" when it spans several, null for shares or an
 * undefined value.
 */
export function intervalReading(figure: IntervalFigure, value: number | null, low: number | null, high: number | null): string | null {
  const bands = readingBands(figure);
  if (bands.length === 0 || value === null) return null;
  const source = FIGURE_GUIDE[figure].scale === 'kappa' ? 'Landis & Koch' : 'Krippendorff';
  if (low === null || high === null) return `${bands[bandOf(bands, value)]!.name} (${source}; no interval)`;
  const first = bandOf(bands, low);
  const last = bandOf(bands, high);
  if (first === last) return `${bands[first]!.name} (${source})`;
  return `between ${bands[first]!.name} and ${bands[last]!.name}: too few problems to tell (${source})`;
}

/**
 * What each agreement figure means and how it is usually read: the same words on the
 * Agreement page, in the CLI and in the docs.
 */
import type { BootstrapInterval } from './bootstrap';
import type { IntervalFigure } from './intervals';
import type { AgreementFigures, Figure } from './types';

/** Below this many items (problems, or matched typed pairs for the type figures) a figure is flagged as from a small sample. */
export const SMALL_SAMPLE = 30;

type Scale = 'kappa' | 'alpha' | 'share';

export interface FigureGuide {
  label: string;
  definition: string;
  scale: Scale;
}

export const FIGURE_GUIDE: Record<IntervalFigure, FigureGuide> = {
  'deletion.percent': { label: 'Deletion percent agreement', definition: 'Share of base-text characters both annotators labelled alike (deleted or kept).', scale: 'share' },
  'deletion.kappa': {
    label: "Deletion agreement (Cohen's κ)",
    definition: 'Agreement on which characters to delete, corrected for the agreement chance would give: 1 = identical, 0 = chance level.',
    scale: 'kappa',
  },
  'points.f1': { label: 'Point detection F1', definition: 'Share of points the other annotator also made (aligned at IoU ≥ 0.5): 2·matched / (points of A + points of B).', scale: 'share' },
  'points.meanIoU': { label: 'Mean IoU of matched points', definition: 'How closely the deletions of matched points overlap (characters in both / in either), averaged.', scale: 'share' },
  'types.percent': { label: 'Type percent agreement', definition: 'Share of matched point pairs given the same ambiguity type.', scale: 'share' },
  'types.kappa': {
    label: "Type agreement (Cohen's κ)",
    definition: 'Agreement on the ambiguity type of matched points, corrected for chance: 1 = identical, 0 = chance level.',
    scale: 'kappa',
  },
  'types.alpha': {
    label: "Type agreement (Krippendorff's α)",
    definition: 'Reliability of the type labels of matched points, from observed versus expected disagreement: 1 = perfect, 0 = chance level.',
    scale: 'alpha',
  },
  'counts.equal': { label: 'Same number of points', definition: 'Share of problems where both annotators wrote as many points.', scale: 'share' },
};

const VALUES: Record<IntervalFigure, (f: Omit<AgreementFigures, 'intervals'>) => Figure> = {
  'deletion.percent': (f) => f.deletion.percent,
  'deletion.kappa': (f) => f.deletion.kappa,
  'points.f1': (f) => f.points.f1,
  'points.meanIoU': (f) => f.points.meanIoU,
  'types.percent': (f) => f.types.percent,
  'types.kappa': (f) => f.types.kappa,
  'types.alpha': (f) => f.types.alpha,
  'counts.equal': (f) => f.counts.equal,
};

/** The figure of a report (overall or one pair's) that the interval key names. */
export const figureValue = (f: Omit<AgreementFigures, 'intervals'>, figure: IntervalFigure): Figure => VALUES[figure](f);

/** Landis & Koch (1977): the usual verbal bands for κ. */
export function landisKoch(kappa: number): string {
  if (kappa < 0) return 'poor (below chance)';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}

/** Krippendorff's own thresholds for α: ≥ 0.8 reliable, 0.667–0.8 for tentative conclusions only, below that not reliable. */
export function krippendorffReading(alpha: number): string {
  if (alpha >= 0.8) return 'reliable (α ≥ 0.8)';
  if (alpha >= 0.667) return 'tentative conclusions only (0.667 ≤ α < 0.8)';
  return 'not reliable (α < 0.667)';
}

/** The usual reading of a figure's value, or null where there is no conventional scale (shares). */
export function readingOf(figure: IntervalFigure, value: number | null): string | null {
  if (value === null) return null;
  const { scale } = FIGURE_GUIDE[figure];
  if (scale === 'kappa') return `${landisKoch(value)} (Landis & Koch)`;
  if (scale === 'alpha') return `${krippendorffReading(value)} (Krippendorff)`;
  return null;
}

/** The warning for a figure computed on fewer than SMALL_SAMPLE items, or null. */
export function smallSampleWarning(figure: IntervalFigure, f: Pick<AgreementFigures, 'problems' | 'types'>): string | null {
  if (figure.startsWith('types.') && f.types.pairs < SMALL_SAMPLE) return `Small sample: ${f.types.pairs} matched typed pair${f.types.pairs === 1 ? '' : 's'} (fewer than ${SMALL_SAMPLE}); read it with care.`;
  if (f.problems < SMALL_SAMPLE) return `Small sample: ${f.problems} problem${f.problems === 1 ? '' : 's'} (fewer than ${SMALL_SAMPLE}); read it with care.`;
  return null;
}

/** "[0.412, 0.633]" at the given digits, "undefined" when no draw is defined. */
export function formatInterval(i: BootstrapInterval, digits = 3): string {
  if (i.low === null || i.high === null) return 'undefined';
  return `[${i.low.toFixed(digits)}, ${i.high.toFixed(digits)}]`;
}

/** One sentence stating how the intervals were made. */
export function intervalMethod(i: Pick<BootstrapInterval, 'draws' | 'seed' | 'level'>, problems: number): string {
  return `${Math.round(i.level * 100)}% intervals: percentile bootstrap over the ${problems} problem${problems === 1 ? '' : 's'} (resampled with replacement, ${i.draws.toLocaleString('en-US')} draws, seed ${i.seed}); draws where a figure is undefined are left out and counted.`;
}

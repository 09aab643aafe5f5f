import type { StudyTasks } from '../../../../../shared/schemas/pilots';

export const studyHref = (study: string) => `/pilot-studies/${encodeURIComponent(study)}`;
export const reviewHref = (study: string) => `/pilot-studies/${encodeURIComponent(study)}/review`;

/** "all tasks" or "sample of 20, seed 3". */
export const studySampling = (s: StudyTasks): string => (s.mode === 'all' ? 'all tasks' : `sample of ${s.size}, seed ${s.seed}`);

/** Seconds as "4 min 05 s" (or "—"). */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

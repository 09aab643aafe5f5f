import type { StudyTasks } from '../../../../../shared/schemas/pilots';

export const studyHref = (study: string) => `/pilot-studies/${encodeURIComponent(study)}`;
export const reviewHref = (study: string) => `/pilot-studies/${encodeURIComponent(study)}/review`;

/** "all tasks", "sample of 20, seed 3" or "5 named tasks". */
export function studySampling(s: StudyTasks): string {
  if (s.mode === 'all') return 'all tasks';
  if (s.mode === 'sample') return `sample of ${s.size}, seed ${s.seed}`;
  return `${s.taskIds.length} named task${s.taskIds.length === 1 ? '' : 's'}`;
}

/** Seconds as "4 min 05 s" (or "—"). */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

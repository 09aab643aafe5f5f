/** Number formatting for the Runs page. */
export const fmt = (v: number | null | undefined, digits = 3): string => (v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(digits));
export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);
export const taskHref = (taskId: string, release?: string) => `/runs/tasks/${encodeURIComponent(taskId)}${release ? `?release=${release}` : ''}`;

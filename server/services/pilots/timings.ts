import type { SessionRow } from '../../../db/pilots';

const seconds = (from: string | null, to: string | null): number | null => (from && to ? Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000) : null);
const mean = (xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/**
 * Mean time per submitted task (opened → submitted), to the first question (opened → first
 * question) and to code (opened → "Write code"), over one pilot's sessions.
 */
export function pilotTimings(sessions: readonly SessionRow[]): { avgSecondsPerTask: number | null; avgSecondsToFirstQuestion: number | null; avgSecondsToCode: number | null } {
  return {
    avgSecondsPerTask: mean(sessions.filter((s) => s.status === 'submitted').map((s) => seconds(s.opened_at, s.submitted_at))),
    avgSecondsToFirstQuestion: mean(sessions.map((s) => seconds(s.opened_at, s.first_question_at))),
    avgSecondsToCode: mean(sessions.map((s) => seconds(s.opened_at, s.code_started_at))),
  };
}

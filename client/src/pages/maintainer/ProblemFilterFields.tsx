import { ADJUDICATION_PROGRESS } from '../../../../shared/schemas/backoffice';
import { DIFFICULTIES } from '../../../../shared/schemas/lcb';
import { PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';

/** The Problems page's difficulty and adjudication filters, also used where a batch is made by filter. */
export function ProblemStateFilters({ difficulty, adjudication, set }: { difficulty: string; adjudication: string; set: (change: { difficulty: string } | { adjudication: string }) => void }) {
  return (
    <>
      <label className="inline">
        Difficulty
        <select value={difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
          <option value="">any</option>
          {DIFFICULTIES.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </label>
      <label className="inline">
        Adjudication
        <select value={adjudication} onChange={(e) => set({ adjudication: e.target.value })}>
          <option value="">any</option>
          {ADJUDICATION_PROGRESS.map((s) => (
            <option key={s} value={s}>
              {PROBLEM_ADJUDICATION_STATE[s]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

import type { BaselineCandidate } from '../../../../shared/schemas/release';

/**
 * The stored runs made on exactly the checked release's tasks: the ones ticked become the
 * card's baseline results (the same figures as the Runs page).
 */
export function BaselineChoice({ candidates, chosen, onChange }: { candidates: readonly BaselineCandidate[]; chosen: readonly string[]; onChange: (models: string[]) => void }) {
  if (candidates.length === 0) {
    return <p className="muted">No stored run was made on exactly these tasks, so the card has no baseline results.</p>;
  }
  const toggle = (model: string, on: boolean) => onChange(on ? candidates.map((c) => c.model).filter((m) => m === model || chosen.includes(m)) : chosen.filter((m) => m !== model));
  return (
    <fieldset className="baseline-choice">
      <legend>Baseline results in the data card</legend>
      {candidates.map((c) => (
        <label key={c.model} className="checkbox">
          <input type="checkbox" checked={chosen.includes(c.model)} onChange={(e) => toggle(c.model, e.target.checked)} />
          {c.model} <span className="muted">(run on release {c.release})</span>
        </label>
      ))}
    </fieldset>
  );
}

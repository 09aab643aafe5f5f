import type { RunSummary } from '../../../../../shared/runs/views';

/** A pilot's run (`human:<alias>`) rather than a model's. */
export const isHumanRun = (run: Pick<RunSummary, 'model' | 'kind'>): boolean => run.kind === 'human' || (run.kind === undefined && run.model.startsWith('human:'));

/** A run's name as the Runs page shows it: pilots' runs carry a visible "human" mark. */
export function RunName({ run }: { run: Pick<RunSummary, 'model' | 'kind'> }) {
  if (!isHumanRun(run)) return <>{run.model}</>;
  return (
    <>
      <span className="badge human-badge">human</span> {run.model}
    </>
  );
}

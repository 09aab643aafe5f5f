import type { Coefficient } from '../../../../../shared/agreement';
import { Value } from '../AgreementParts';
import { StatusChip, type RunStatus } from './ColumnHelp';

/** Why a pass@1 figure is not there: what to import to fill it. */
export const PASS1_MISSING = {
  complete: 'not imported yet: no pass@1 on the complete statements',
  interactive: 'not imported yet: no pass@1 for the codes written after clarification',
  delta: 'needs pass@1 both on the complete statements and after clarification',
} as const;

export interface Pass1Figures {
  pass1: number | null;
  pass1_complete: number | null;
}

const figure = (v: number | null, reason: string): Coefficient => (v === null ? { value: null, reason } : { value: v });

/** pass@1 complete, interactive and Δ (interactive − complete), each "—" with its reason when missing. */
export function pass1Figures(f: Pass1Figures): { complete: Coefficient; interactive: Coefficient; delta: Coefficient } {
  return {
    complete: figure(f.pass1_complete, PASS1_MISSING.complete),
    interactive: figure(f.pass1, PASS1_MISSING.interactive),
    delta: figure(f.pass1 === null || f.pass1_complete === null ? null : f.pass1 - f.pass1_complete, PASS1_MISSING.delta),
  };
}

/** One pass@1 figure, or the status chip saying why it is missing. */
function Pass1Cell({ c, status, what }: { c: Coefficient; status: RunStatus; what: string }) {
  return <td>{c.value === null ? <StatusChip status={status} what={what} /> : <Value c={c} percent />}</td>;
}

/** Three cells: pass@1 complete, interactive, Δ. */
export function Pass1Cells({ f }: { f: Pass1Figures }) {
  const p = pass1Figures(f);
  return (
    <>
      <Pass1Cell c={p.complete} status="notImported" what="pass@1 complete" />
      <Pass1Cell c={p.interactive} status="notImported" what="pass@1 interactive" />
      <Pass1Cell c={p.delta} status="needsBoth" what="Δ pass@1" />
    </>
  );
}

export const PASS1_HEADERS = ['pass@1 complete', 'pass@1 interactive', 'Δ pass@1'] as const;

import type { Coefficient } from '../../../../../shared/agreement';
import { Value } from '../AgreementParts';

/** Why a pass@1 figure is not there: what to import to fill it. */
export const PASS1_MISSING = {
  complete: 'not imported yet: no pass@1 on the complete statements (runs import-pass1 --setting complete)',
  interactive: 'not imported yet: no pass@1 for the codes written after clarification (runs import-pass1)',
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

/** Three cells: pass@1 complete, interactive, Δ. */
export function Pass1Cells({ f }: { f: Pass1Figures }) {
  const p = pass1Figures(f);
  return (
    <>
      <td>
        <Value c={p.complete} percent />
      </td>
      <td>
        <Value c={p.interactive} percent />
      </td>
      <td>
        <Value c={p.delta} percent />
      </td>
    </>
  );
}

export const PASS1_HEADERS = ['pass@1 complete', 'pass@1 interactive', 'Δ pass@1'] as const;

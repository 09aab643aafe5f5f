/** The card's word on the judge audits of its baseline runs: how far people agreed with the judge behind each run's hit labels. */
import type { AuditSummary } from '../schemas/judgeAudits';
import type { CardBaseline } from './card';

/** What the card quotes of a run's audit. */
export type CardAudit = Pick<AuditSummary, 'name' | 'judge' | 'n' | 'accuracy' | 'kappa' | 'kappa_ci' | 'labelers'>;

const three = (v: number | null) => (v === null ? 'undefined' : v.toFixed(3));

function auditSentence(model: string, a: CardAudit): string {
  const [low, high] = a.kappa_ci;
  const interval = low === null || high === null ? 'no interval could be drawn' : `95% bootstrap interval ${three(low)} to ${three(high)}`;
  return (
    `The hit labels of the baseline \`${model}\` come from an LLM judge (\`${a.judge}\`), checked by a human audit (\`${a.name}\`): ` +
    `adjudicators labelled ${a.n} of the run's question turns blind (a sample stratified by the judge's label, ${a.labelers === 2 ? 'two' : 'one'} per turn); ` +
    `Cohen's κ between their labels and the judge's is ${three(a.kappa)} (${interval}), accuracy ${three(a.accuracy)}.`
  );
}

/** One limitation per baseline run that has an audit with labels (none: the card says nothing of audits). */
export const auditLimitations = (baselines: readonly CardBaseline[]): string[] => baselines.flatMap((b) => (b.audit ? [auditSentence(b.run.model, b.audit)] : []));

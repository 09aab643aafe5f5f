import { formatInterval, type Figure } from '../../../shared/agreement';
import type { BootstrapInterval } from '../../../shared/agreement/bootstrap';
import type { SubsetAgreement, SuggestionFigures } from '../../../shared/suggestions/analysis';
import { table } from './agreementFormat';

const num = (f: Figure) => (f.value === null ? 'undefined' : f.value.toFixed(3));
const pct = (f: Figure) => (f.value === null ? 'undefined' : `${(f.value * 100).toFixed(1)}%`);
const minutes = (ms: number | null) => (ms === null ? '—' : `${(ms / 60_000).toFixed(1)} min`);
const withInterval = (f: Figure, i: BootstrapInterval) => `${num(f)} ${formatInterval(i, 2)}`;
const subsetRow = (name: string, s: SubsetAgreement) => [name, String(s.problems), withInterval(s.typeKappa, s.intervals.typeKappa), withInterval(s.deletionKappa, s.intervals.deletionKappa), withInterval(s.pointF1, s.intervals.pointF1)];

/** The Suggestions block of `agreement`: the split by exposure and provenance, per agent, time on task. */
export function formatSuggestionFigures(s: SuggestionFigures): string {
  return [
    'Suggestions',
    table(
      ['subset', 'problems', 'type kappa', 'deletion kappa', 'point F1'],
      [
        subsetRow('both annotators saw suggestions', s.byExposure.both),
        subsetRow('neither saw suggestions', s.byExposure.neither),
        subsetRow('points of their own', s.byProvenance.own),
        subsetRow('points from suggestions', s.byProvenance.suggested),
      ],
    ),
    `(${s.byExposure.mixed} pair${s.byExposure.mixed === 1 ? '' : 's'} where only one annotator saw suggestions are in neither exposure row.)`,
    '',
    table(
      ['agent', 'offered', 'accepted', 'acceptance', 'edit rate', 'gold points', 'gold share'],
      s.agents.map((a) => [a.agent, String(a.offered), String(a.accepted), pct(a.acceptanceRate), pct(a.editRate), String(a.goldPoints), pct(a.goldShare)]),
    ),
    '',
    `Time on task: ${minutes(s.time.withSuggestions.meanActiveMs)} mean over ${s.time.withSuggestions.annotations} annotations with suggestions, ${minutes(s.time.without.meanActiveMs)} over ${s.time.without.annotations} without.`,
  ].join('\n');
}

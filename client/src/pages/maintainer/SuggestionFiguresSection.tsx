import type { Coefficient } from '../../../../shared/agreement';
import type { SubsetAgreement, SuggestionFigures } from '../../../../shared/suggestions/analysis';
import type { BootstrapInterval } from '../../../../shared/agreement/bootstrap';
import { IntervalText, Value } from './AgreementParts';
import { TableHead } from '../../components/TableHead';

const minutes = (ms: number | null) => (ms === null ? '—' : `${(ms / 60_000).toFixed(1)} min`);

function Cell({ figure, interval, percent }: { figure: Coefficient; interval?: BootstrapInterval; percent?: boolean }) {
  return (
    <td>
      <Value c={figure} percent={percent} />
      {interval && (
        <>
          <br />
          <span className="muted interval-cell">
            <IntervalText interval={interval} percent={percent} digits={2} compact />
          </span>
        </>
      )}
    </td>
  );
}

function SubsetRow({ name, s }: { name: string; s: SubsetAgreement }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{s.problems}</td>
      <Cell figure={s.typeKappa} interval={s.intervals.typeKappa} />
      <Cell figure={s.deletionKappa} interval={s.intervals.deletionKappa} />
      <Cell figure={s.pointF1} interval={s.intervals.pointF1} />
    </tr>
  );
}

/** The Agreement page's Suggestions section: how much of the agreement and of the gold suggestions account for. */
export function SuggestionFiguresSection({ s }: { s: SuggestionFigures }) {
  return (
    <section className="card" aria-labelledby="suggestions-h">
      <h2 id="suggestions-h">Suggestions</h2>
      <p className="muted">
        Two annotators who accept the same suggestion agree by construction: compare the pairs who saw suggestions with those who did not, and the points
        annotators wrote themselves with those they took from a model. {s.byExposure.mixed} pair{s.byExposure.mixed === 1 ? '' : 's'} where only one annotator saw
        suggestions are in neither exposure row.
      </p>
      <table aria-label="Agreement by exposure and provenance">
        <TableHead columns={['Subset', 'Problems', 'Type κ', 'Deletion κ', 'Point F1']} />
        <tbody>
          <SubsetRow name="Both annotators saw suggestions" s={s.byExposure.both} />
          <SubsetRow name="Neither saw suggestions" s={s.byExposure.neither} />
          <SubsetRow name="Points of their own" s={s.byProvenance.own} />
          <SubsetRow name="Points from suggestions" s={s.byProvenance.suggested} />
        </tbody>
      </table>
      <table aria-label="Suggestions per agent">
        <TableHead columns={['Agent', 'Offered', 'Accepted', 'Acceptance', 'Edited', 'Gold points', 'Share of gold']} />
        <tbody>
          {s.agents.map((a) => (
            <tr key={a.agent}>
              <th scope="row">{a.agent}</th>
              <td>{a.offered}</td>
              <td>{a.accepted}</td>
              <Cell figure={a.acceptanceRate} percent />
              <Cell figure={a.editRate} percent />
              <td>{a.goldPoints}</td>
              <Cell figure={a.goldShare} percent />
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Time on task: {minutes(s.time.withSuggestions.meanActiveMs)} on average over {s.time.withSuggestions.annotations} annotations with suggestions,{' '}
        {minutes(s.time.without.meanActiveMs)} over {s.time.without.annotations} without.
      </p>
    </section>
  );
}

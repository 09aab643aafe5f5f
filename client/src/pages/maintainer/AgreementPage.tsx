import { ApiError } from '../../api';
import { SuggestionFiguresSection } from './SuggestionFiguresSection';
import { useResource } from '../../resources/useResource';
import { agreement } from '../../../../shared/api/agreement';
import type { AgreementPageView } from '../../../../shared/schemas/agreementPage';
import { Link } from '../../router';
import { intervalMethod, type AgreementView, type GoldFigures } from '../../../../shared/agreement';
import { urlOf } from '../../apiCall';
import { ConfusionHeatMap, FigureCard, PairTable, PerTypeTable, Value } from './AgreementParts';
import { formatCoefficient, formatPercent } from './agreementFormat';
import { ADJUDICATION_STATE } from '../../stateLabels';
import { useListState, type ListState } from '../../paging/listState';
import { Pager } from '../../paging/Pager';
import './AgreementPage.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

function GoldTable({ gold }: { gold: GoldFigures }) {
  if (gold.problems === 0) return <p className="muted">No problem is adjudicated yet; these figures appear once gold versions are resolved.</p>;
  return (
    <table aria-label="Each annotator against the gold">
      <TableHead columns={['Annotator', 'Adjudicated problems', 'Points', 'Kept in gold', 'Type accuracy (kept, typed)']} />
      <tbody>
        {gold.annotators.map((g) => (
          <tr key={g.annotator}>
            <th scope="row">{g.annotator}</th>
            <td>{g.problems}</td>
            <td>{g.points}</td>
            <td>
              {g.kept} (<Value c={g.keptShare} percent />)
            </td>
            <td>
              <Value c={g.typeAccuracy} percent /> <span className="muted">({g.typed})</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProblemTable({ problems }: { problems: AgreementView['perProblem'] }) {
  return (
    <table aria-label="Agreement per problem, worst first">
      <TableHead columns={['Problem', 'Annotators (A / B)', 'Score', 'Span overlap', 'Points matched (A, B)', 'Types agreeing', 'Status']} />
      <tbody>
        {problems.map((p) => (
          <tr key={p.questionId}>
            <th scope="row">
              <Link href={`/adjudicate/${encodeURIComponent(p.questionId)}`} aria-label={`Cross-check ${p.questionId} ${p.title}`}>
                {p.questionId}
              </Link>{' '}
              <span className="muted">{p.title}</span>
            </th>
            <td>{p.annotators.join(' / ')}</td>
            <td>
              <span className="score">
                <span className="progress" aria-hidden="true">
                  <span style={{ width: `${Math.round((p.score.value ?? 0) * 100)}%` }} />
                </span>
                <Value c={p.score} digits={2} />
              </span>
            </td>
            <td>
              <Value c={p.deletion.overlap} percent />
            </td>
            <td>
              {p.points.matched} ({p.points.a}, {p.points.b})
            </td>
            <td>
              {p.types.agreeing} / {p.types.pairs}
            </td>
            <td>{p.adjudicated ? <span className="badge resolved">{ADJUDICATION_STATE.resolved}</span> : <span className="badge">not {ADJUDICATION_STATE.resolved}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ r, list }: { r: AgreementPageView; list: ListState }) {
  return (
    <>
      <div className="figure-grid">
        <FigureCard report={r} figure="deletion.kappa" unit="characters" detail={`${formatPercent(r.deletion.percent)} of characters agree`} />
        <FigureCard report={r} figure="points.f1" unit="points" detail={`${r.points.matched} matched, ${r.points.unmatchedA} + ${r.points.unmatchedB} unmatched`} />
        <FigureCard report={r} figure="types.kappa" unit="matched pairs" detail={`${formatPercent(r.types.percent)} identical`} />
        <FigureCard report={r} figure="types.alpha" unit="matched pairs" />
        <FigureCard report={r} figure="counts.equal" percent unit="problems" detail={`mean difference ${formatCoefficient(r.counts.meanAbsDifference, 2)}`} />
      </div>
      <p className="muted interval-method">{intervalMethod(r.intervals['deletion.kappa'], r.problems)}</p>
      <section className="card" aria-labelledby="pairs-h">
        <h2 id="pairs-h">Per annotator pair</h2>
        <PairTable pairs={r.pairs} />
        <p>
          <a className="button-link" href={urlOf(agreement.pairsCsv)} download>
            Download the pair table (CSV)
          </a>
        </p>
      </section>
      <div className="agreement-columns">
        <section className="card" aria-labelledby="types-h">
          <h2 id="types-h">Per ambiguity type</h2>
          <PerTypeTable types={r.types} />
        </section>
        <section className="card" aria-labelledby="confusion-h">
          <h2 id="confusion-h">Type confusion</h2>
          <ConfusionHeatMap types={r.types} />
        </section>
      </div>
      <section className="card" aria-labelledby="gold-h">
        <h2 id="gold-h">Against the gold</h2>
        <GoldTable gold={r.gold} />
      </section>
      {r.suggestions && <SuggestionFiguresSection s={r.suggestions} />}
      <section className="card" aria-labelledby="problems-h">
        <h2 id="problems-h">Per problem, lowest agreement first</h2>
        <p className="muted">Score = mean of span overlap, point F1 and type agreement. Open a problem to cross-check it.</p>
        <ProblemTable problems={r.perProblem} />
        <Pager list={list} shown={{ total: r.perProblemTotal, offset: r.offset, limit: r.limit }} noun="problem" label="Per-problem pages" />
        <p>
          <a className="button-link" href={urlOf(agreement.problemsCsv)} download>
            Download all {r.perProblemTotal} problems (CSV)
          </a>
        </p>
      </section>
    </>
  );
}

/** The maintainer's agreement dashboard: how reliable is the annotation, and where is it not. */
export default function AgreementPage() {
  const list = useListState();
  const loaded = useResource(agreement.page, { query: list.apiQuery([]) });
  const report = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);

  return (
    <section className="page agreement">
      <h1>Inter-annotator agreement</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {!report && !error && <p className="loading">Computing agreement…</p>}
      {report && (
        <>
          <p className="muted">
            Independent work only: {report.problems} problem{report.problems === 1 ? '' : 's'} with two submitted annotations, before adjudication. Hover an
            undefined value for the reason.
          </p>
          {report.problems === 0 ? <p className="notice">No problem has two submitted annotations yet.</p> : <Report r={report} list={list} />}
        </>
      )}
    </section>
  );
}

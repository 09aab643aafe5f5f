import { useResource } from '../../resources/useResource';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import { judgeAudits } from '../../../../shared/api/judgeAudits';
import type { AuditAgreement } from '../../../../shared/schemas/judgeAudits';
import type { Confusion } from '../../../../shared/runs/judge';
import { fmt } from './runs/format';
import { TableHead } from '../../components/TableHead';
import { LoadError } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';
import './backoffice.css';
import './RunsPage.css';

const ci = ([low, high]: [number | null, number | null]) => `[${fmt(low)}, ${fmt(high)}]`;

function ConfusionTable({ c, reference, other, label }: { c: Confusion; reference: string; other: string; label: string }) {
  return (
    <table aria-label={label} className="confusion">
      <TableHead columns={['', `${other}: hit`, `${other}: miss`]} />
      <tbody>
        <tr>
          <th>{reference}: hit</th>
          <td>{c.tp}</td>
          <td>{c.fn}</td>
        </tr>
        <tr>
          <th>{reference}: miss</th>
          <td>{c.fp}</td>
          <td>{c.tn}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Figures({ a }: { a: AuditAgreement }) {
  return (
    <dl className="judge-figures">
      <dt>Items</dt>
      <dd>
        {a.n} ({a.pairs} label pairs)
      </dd>
      <dt>Accuracy</dt>
      <dd>{fmt(a.accuracy)}</dd>
      <dt>Cohen&apos;s κ</dt>
      <dd>{fmt(a.kappa)}</dd>
      <dt>95% interval</dt>
      <dd>{ci(a.kappa_ci)}</dd>
    </dl>
  );
}

/** /judge-audits/:name — an audit's report: humans against the run's judge, each other and the lexical check; the disagreements. */
export default function JudgeAuditReportPage({ params }: PageProps) {
  const name = params.name ?? '';
  const loaded = useResource(judgeAudits.report, { params: { name } });
  const r = loaded.data;
  return (
    <section className="page runs backoffice">
      <BackLink href="/runs?view=judge">Judge view</BackLink>
      <h1>Judge audit {name}</h1>
      <LoadError error={loaded.error} fallback="The report could not be loaded." />
      {!r && loaded.error === undefined && <p className="loading">Loading the report…</p>}
      {r && (
        <>
          <p>
            Run <strong>{r.model}</strong>, judge <strong>{r.judge}</strong>: {r.size} of its {r.population.turns} question turns ({r.sampled.hits} the run
            labelled a hit), seed {r.seed}, {r.labelers} labeller{r.labelers === 1 ? '' : 's'} per item; {r.progress.labels} of {r.progress.needed} labels given.
          </p>
          <section className="card" aria-labelledby="vs-run-h">
            <h2 id="vs-run-h">Humans against the run&apos;s judge</h2>
            <Figures a={{ n: r.n, pairs: r.confusion.tp + r.confusion.tn + r.confusion.fp + r.confusion.fn, accuracy: r.accuracy, kappa: r.kappa, kappa_ci: r.kappa_ci, confusion: r.confusion }} />
            <ConfusionTable c={r.confusion} reference="human" other="run" label="Humans against the run" />
            <p className="muted">
              The interval is a percentile bootstrap over the items ({r.bootstrap.draws} draws, seed {r.bootstrap.seed}).
            </p>
          </section>
          <section className="card" aria-labelledby="hh-h">
            <h2 id="hh-h">Human against human</h2>
            {r.human_human ? (
              <>
                <Figures a={r.human_human} />
                <ConfusionTable c={r.human_human.confusion} reference="first labeller" other="second" label="First labeller against the second" />
              </>
            ) : (
              <p className="muted">No item has two labels.</p>
            )}
          </section>
          <section className="card" aria-labelledby="lex-h">
            <h2 id="lex-h">The lexical check on the same items (threshold {r.lexical.threshold.toFixed(2)})</h2>
            <Figures a={r.lexical} />
            <ConfusionTable c={r.lexical.confusion} reference="human" other="lexical" label="Humans against the lexical check" />
          </section>
          <section className="card" aria-labelledby="dis-h">
            <h2 id="dis-h">Where humans and the run disagree</h2>
            {r.disagreements.length === 0 ? (
              <p className="muted">Nowhere so far.</p>
            ) : (
              <table aria-label="Disagreements">
                <TableHead columns={['task', 'question', 'run', 'humans', 'kind']} />
                <tbody>
                  {r.disagreements.map((d) => (
                    <tr key={d.id}>
                      <td>
                        <Link href={d.href}>{d.taskId}</Link> (question {d.turn + 1})
                      </td>
                      <td className="said">{d.question}</td>
                      <td>{d.run ? 'hit' : 'miss'}</td>
                      <td>{d.humans.map((h) => (h === null ? 'none' : `key question ${h + 1}`)).join(' / ')}</td>
                      <td>{d.kind === 'miss' ? 'judge missed a key question' : 'judge saw a hit'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </section>
  );
}

import { StudyCodeSection } from './pilots/StudyCodeSection';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { pilots } from '../../../../shared/api/pilots';
import { Link } from '../../router';
import { useMe } from '../../session';
import type { PageProps } from '../../routes';
import type { LabelAgreement, StudyDetail } from '../../../../shared/schemas/pilots';
import { fmt, pct } from './runs/format';
import { duration, reviewHref, studySampling } from './pilots/format';
import { NeverAskedPanel } from './pilots/NeverAskedPanel';
import './pilots/pilots.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';
import './backoffice.css';
import './RunsPage.css';

function AgreementPanel({ agreement: a, threshold }: { agreement: LabelAgreement; threshold: number }) {
  const c = a.confusion;
  return (
    <section className="card" aria-labelledby="agreement-h">
      <h2 id="agreement-h">Live vs reviewed labels</h2>
      <p className="muted">
        Each question was answered live by the lexical judge (threshold {threshold.toFixed(2)}); an adjudicator then confirmed or corrected the label. Their agreement
        is a human check of the lexical judge.
      </p>
      {a.n === 0 ? (
        <p className="muted">No question reviewed yet.</p>
      ) : (
        <div className="judge">
          <dl className="judge-figures">
            <dt>Reviewed questions</dt>
            <dd>{a.n}</dd>
            <dt>Accuracy</dt>
            <dd>{pct(a.accuracy)}</dd>
            <dt>Cohen&apos;s κ</dt>
            <dd title={a.kappa === null ? 'not defined: every label of both in one class' : undefined}>
              {a.kappa === null ? (
                <>
                  —<span className="sr-only"> (not defined: every label of both in one class)</span>
                </>
              ) : (
                fmt(a.kappa)
              )}
            </dd>
          </dl>
          <table aria-label="Live against reviewed labels">
            <TableHead columns={['', 'reviewed hit', 'reviewed miss']} />
            <tbody>
              <tr>
                <th scope="row">live hit</th>
                <td>{c.tp}</td>
                <td>{c.fp}</td>
              </tr>
              <tr>
                <th scope="row">live miss</th>
                <td>{c.fn}</td>
                <td>{c.tn}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PilotsTable({ study }: { study: StudyDetail }) {
  const showUsernames = study.pilotList.some((p) => p.username !== null);
  return (
    <table aria-label="Progress per pilot">
      <TableHead columns={['pilot (alias)', showUsernames && 'account', 'run', 'tasks submitted', 'time per task', 'time to first question']} />
      <tbody>
        {study.pilotList.map((p) => (
          <tr key={p.alias}>
            <th scope="row">{p.alias}</th>
            {showUsernames && <td>{p.username ?? '—'}</td>}
            <td>
              <code>{p.model}</code>
            </td>
            <td>
              <span className="progress-cell">
                <span className="progress" role="progressbar" aria-label={`${p.alias}: tasks submitted`} aria-valuenow={p.submitted} aria-valuemin={0} aria-valuemax={p.sessions}>
                  <span style={{ width: `${p.sessions ? Math.round((p.submitted / p.sessions) * 100) : 0}%` }} />
                </span>
                {p.submitted} of {p.sessions}
              </span>
            </td>
            <td>{duration(p.avgSecondsPerTask)}</td>
            <td>{duration(p.avgSecondsToFirstQuestion)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One pilot study: progress per pilot, the human check of the live labels, the key questions no pilot asked. */
export default function PilotStudyPage({ params }: PageProps) {
  const name = params.study ?? '';
  const me = useMe();
  const loaded = useResource(pilots.study, { params: { study: name } });
  const study = loaded.error === undefined ? (loaded.data ?? null) : null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The study could not be loaded.';

  const p = study?.progress;
  return (
    <section className="page backoffice pilot-study">
      <BackLink href="/pilot-studies">Pilot studies</BackLink>
      <h1>Pilot study {name}</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {!study && !error && <p className="loading">Loading the study…</p>}
      {study && p && (
        <>
          <p className="muted">
            On release <strong>{study.release}</strong> ({studySampling(study.sampling)}); {study.pilotsPerTask} pilot{study.pilotsPerTask === 1 ? '' : 's'} per task, at most{' '}
            {study.maxRounds} responses per task (questions and the code), answers by similarity ≥ {study.threshold.toFixed(2)}
            {study.timeLimitMinutes !== null && `, ${study.timeLimitMinutes} minutes per task`}.
          </p>
          {study.fromPublishedRelease && (
            <p className="warning" data-testid="from-published-release">
              Drawn from a published release (allowed by the maintainer): a pilot could have looked a task&apos;s text up in it and found its key questions.
            </p>
          )}
          <dl className="study-figures" aria-label="Progress">
            <div>
              <dt>Tasks</dt>
              <dd>{study.tasks}</dd>
            </div>
            <div>
              <dt>Sessions submitted</dt>
              <dd>
                {p.submitted} of {p.sessions}
              </dd>
            </div>
            <div>
              <dt>Sessions started</dt>
              <dd>{p.started}</dd>
            </div>
            <div>
              <dt>Questions reviewed</dt>
              <dd>
                {p.reviewed} of {p.questions}
              </dd>
            </div>
          </dl>
          <div className="row">
            <Link className="button primary" href={reviewHref(study.name)}>
              Review the pilots’ questions
            </Link>
            <Link className="button" href="/runs">
              Compare with the models on the Runs page
            </Link>
          </div>
          <StudyCodeSection study={study} />
          <section className="card scroll-x" aria-labelledby="pilots-h">
            <h2 id="pilots-h">Pilots</h2>
            <PilotsTable study={study} />
            {study.keyReaders.excluded.length > 0 && (
              <p className="warning" data-testid="key-readers-excluded">
                No tasks for {study.keyReaders.excluded.join(', ')}: once held a role that can read the release&apos;s key questions.
              </p>
            )}
            {study.keyReaders.allowed.length > 0 && (
              <p className="notice" data-testid="key-readers-allowed">
                Let in by the maintainer&apos;s override although they once held a role that can read key questions: {study.keyReaders.allowed.join(', ')}.
              </p>
            )}
            {study.shortfall.length > 0 && (
              <p className="warning">
                {study.shortfall.length} task{study.shortfall.length === 1 ? '' : 's'} got fewer pilots than asked (no eligible pilot left):{' '}
                {study.shortfall
                  .slice(0, 20)
                  .map((s) => `${s.taskId} (${s.assigned})`)
                  .join(', ')}
                {study.shortfall.length > 20 && ' …'}
              </p>
            )}
          </section>
          <AgreementPanel agreement={study.agreement} threshold={study.threshold} />
          <NeverAskedPanel study={study.name} canFlag={me.role === 'maintainer'} />
        </>
      )}
    </section>
  );
}

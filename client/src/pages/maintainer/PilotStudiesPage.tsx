import { useState } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { pilots } from '../../../../shared/api/pilots';
import { Link } from '../../router';
import { useMe } from '../../session';
import { StudyForm } from './pilots/StudyForm';
import { reviewHref, studyHref, studySampling } from './pilots/format';
import './pilots/pilots.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';
import './backoffice.css';

/** Pilot studies: every study with its progress; maintainers create new ones. */
export default function PilotStudiesPage() {
  const me = useMe();
  const canCreate = me.role === 'maintainer';
  const loaded = useResource(pilots.list);
  const studies = loaded.data?.studies ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The studies could not be loaded.';
  const [created, setCreated] = useState<string | null>(null);

  return (
    <section className="page backoffice pilot-studies">
      <h1>Pilot studies</h1>
      <p className="muted">
        People work release tasks as a model does in the benchmark; each pilot&apos;s submitted tasks become a run named <code>human:&lt;alias&gt;</code> on the Runs page.
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      {created && (
        <p className="success" role="status">
          Created study <Link href={studyHref(created)}>{created}</Link>.
        </p>
      )}
      {!studies && !error && <p className="loading">Loading studies…</p>}
      {studies && studies.length === 0 && <p className="notice">No pilot studies yet.{canCreate ? ' Create one below.' : ''}</p>}
      {studies && studies.length > 0 && (
        <div className="card scroll-x">
          <table aria-label="Pilot studies">
            <TableHead columns={['study', 'release', 'tasks', 'pilots', 'sessions submitted', 'questions reviewed', 'protocol']} />
            <tbody>
              {studies.map((s) => (
                <tr key={s.name}>
                  <th scope="row">
                    <Link href={studyHref(s.name)}>{s.name}</Link>
                  </th>
                  <td>{s.release}</td>
                  <td>
                    {s.tasks} <span className="muted">({studySampling(s.sampling)})</span>
                  </td>
                  <td>
                    {s.pilots} <span className="muted">({s.pilotsPerTask} per task)</span>
                  </td>
                  <td>
                    {s.progress.submitted} of {s.progress.sessions}
                  </td>
                  <td>
                    {s.progress.reviewed} of {s.progress.questions} <Link href={reviewHref(s.name)}>review</Link>
                  </td>
                  <td>
                    {s.maxRounds} rounds, threshold {s.threshold.toFixed(2)}
                    {s.timeLimitMinutes !== null && `, ${s.timeLimitMinutes} min per task`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canCreate && (
        <StudyForm
          onCreated={(study) => {
            setCreated(study.name);
          }}
        />
      )}
    </section>
  );
}

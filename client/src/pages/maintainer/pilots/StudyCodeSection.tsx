import type { StudyDetail } from '../../../../../shared/schemas/pilots';
import { duration } from './format';
import { TableHead } from '../../../components/TableHead';

const share = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`);

/** Run, Test, Skip and the questionnaires of a study: the condition, per pilot telemetry, the answers' means. */
export function StudyCodeSection({ study }: { study: StudyDetail }) {
  const means = study.questionnaireMeans ?? [];
  return (
    <section className="card scroll-x" aria-labelledby="code-tools-h">
      <h2 id="code-tools-h">Run, Test and questionnaires</h2>
      <p className="muted">
        {study.tests === 'while-coding'
          ? 'Pilots could test their code on the public tests while coding (RealHumanEval’s condition): these runs are kept apart from the protocol’s human baseline.'
          : 'Pilots could run their code while coding; the public tests ran on the submitted code only (the protocol’s condition).'}{' '}
        Skip was offered after {study.skipAfterMinutes ?? 10} minutes on a task. “Public tests at submit” is the share of submitted tasks whose code passed
        every public test (the statement’s examples) — not pass@1.
      </p>
      <table aria-label="Run and Test per pilot">
        <TableHead columns={['pilot', 'runs', 'tests', 'time to first passing test', 'public tests at submit', 'skipped']} />
        <tbody>
          {study.pilotList.map((p) => (
            <tr key={p.alias}>
              <th scope="row">{p.alias}</th>
              <td>{p.code?.runs ?? 0}</td>
              <td>{p.code?.tests ?? 0}</td>
              <td>{duration(p.code?.avgSecondsToFirstPassingTest ?? null)}</td>
              <td>{share(p.code?.publicTestsPassedAtSubmit)}</td>
              <td>{p.code?.skipped ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {means.length > 0 && (
        <table aria-label="Questionnaire means">
          <TableHead columns={['question', 'mean', 'answers']} />
          <tbody>
            {means.map((m) => (
              <tr key={`${m.scope}:${m.id}`}>
                <th scope="row">{m.text}</th>
                <td>{m.mean.toFixed(2)}</td>
                <td>{m.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { home } from '../../../../shared/api/home';
import { Link } from '../../router';
import { useMe } from '../../session';
import './backoffice.css';

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The maintainer's home: what needs attention now, each count a link to the page filtered to
 * exactly those, then the week's progress and where the gold stands.
 */
export default function MaintainerHomePage() {
  const me = useMe();
  const loaded = useResource(home.get);
  const view = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The home page could not be loaded.';
  const pending = view?.attention.filter((a) => a.count > 0) ?? [];
  const clear = view?.attention.filter((a) => a.count === 0) ?? [];
  return (
    <section className="page backoffice home">
      <h1>Welcome, {me.username}</h1>
      {error && (
        <p className="error" role="alert">
          {error}{' '}
          <button type="button" onClick={loaded.reload}>
            Try again
          </button>
        </p>
      )}
      {view === null ? (
        !error && <p className="loading">Loading what needs attention…</p>
      ) : (
        <>
          <h2>Needs attention</h2>
          {pending.length === 0 ? (
            <p className="card muted">Nothing needs attention now.</p>
          ) : (
            <ul className="plain attention" aria-label="Needs attention">
              {pending.map((a) => (
                <li key={a.key}>
                  <Link href={a.href}>
                    <strong>{a.count}</strong> {a.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {clear.length > 0 && <p className="muted">None: {clear.map((a) => a.label).join(' · ')}.</p>}
          <h2>The last seven days</h2>
          <p>
            Since {view.week.since}: {counted(view.week.annotationsSubmitted, 'annotation')} submitted · {counted(view.week.casesResolved, 'case')} resolved ·{' '}
            {counted(view.week.flagsRaised, 'flag')} raised.
          </p>
          <h2>The gold</h2>
          <p>
            {view.problems.total} problems: {view.problems.resolved} resolved · {view.problems.draft} in adjudication · {view.problems.ready} ready for adjudication ·{' '}
            {view.problems.waiting} waiting for annotations.
          </p>
        </>
      )}
    </section>
  );
}

import { feedback } from '../../../../shared/api/feedback';
import type { Figure } from '../../../../shared/agreement';
import { Link } from '../../router';
import { useResource } from '../../resources/useResource';
import './feedback/feedback.css';

const pct = (f: Figure) => (f.value === null ? '—' : `${Math.round(f.value * 100)}%`);

/** The annotator's own agreement with the gold of the problems resolved so far: overall, over time, per type, per problem. */
export default function MyAgreementPage() {
  const loaded = useResource(feedback.myAgreement);
  const a = loaded.data;
  if (loaded.error !== undefined) return <p className="error" role="alert">Your agreement could not be loaded.</p>;
  if (!a) return <p className="muted">Loading your agreement…</p>;
  return (
    <section className="page my-agreement">
      <h1>My agreement</h1>
      <p>
        How your submitted work compares with the gold of the problems resolved since. <strong>Deletion agreement</strong> is the share of deleted characters that you and the gold both
        deleted, out of those either of you deleted. <strong>Type agreement</strong> counts your points that line up with a gold point (their deletions overlap by at least half, as in the
        cross-check) and gives the share with the gold’s type.
      </p>
      {a.problems === 0 ? (
        <p className="muted">None of your submitted problems is resolved yet: feedback opens once an adjudicator resolves one.</p>
      ) : (
        <>
          <p className="card">
            Over {a.problems} resolved {a.problems === 1 ? 'problem' : 'problems'}: deletion agreement <strong>{pct(a.deletion)}</strong>, type agreement <strong>{pct(a.type)}</strong> (
            {a.type.n} aligned typed {a.type.n === 1 ? 'point' : 'points'}).
          </p>
          <h2 id="over-time">Over time</h2>
          <table aria-labelledby="over-time">
            <thead>
              <tr>
                <th scope="col">Month resolved</th>
                <th scope="col">Problems</th>
                <th scope="col">Deletion agreement</th>
                <th scope="col">Type agreement</th>
              </tr>
            </thead>
            <tbody>
              {a.overTime.map((m) => (
                <tr key={m.period}>
                  <th scope="row">{m.period}</th>
                  <td className="num">{m.problems}</td>
                  <td className="num">{pct(m.deletion)}</td>
                  <td className="num">{pct(m.type)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 id="per-type">Per gold type</h2>
          <table aria-labelledby="per-type">
            <thead>
              <tr>
                <th scope="col">Gold type</th>
                <th scope="col">Gold points</th>
                <th scope="col">Matched by yours</th>
                <th scope="col">Same type</th>
                <th scope="col">Type agreement</th>
              </tr>
            </thead>
            <tbody>
              {a.perType.map((t) => (
                <tr key={t.type}>
                  <th scope="row">{t.type}</th>
                  <td className="num">{t.gold}</td>
                  <td className="num">{t.matched}</td>
                  <td className="num">{t.same}</td>
                  <td className="num">{pct(t.agreement)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 id="per-problem">Per problem</h2>
          <table aria-labelledby="per-problem">
            <thead>
              <tr>
                <th scope="col">Problem</th>
                <th scope="col">Resolved</th>
                <th scope="col">Deletion agreement</th>
                <th scope="col">Types the same</th>
                <th scope="col">Feedback</th>
              </tr>
            </thead>
            <tbody>
              {a.perProblem.map((r) => (
                <tr key={r.questionId}>
                  <th scope="row">{r.title}</th>
                  <td>{r.resolvedAt.slice(0, 10)}</td>
                  <td className="num">{pct(r.deletion)}</td>
                  <td className="num">
                    {r.sameType} of {r.typed}
                  </td>
                  <td>
                    <Link href={`/feedback/${encodeURIComponent(r.questionId)}`} aria-label={`Feedback on ${r.title}`}>
                      Open feedback
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { feedback } from '../../../../shared/api/feedback';
import type { Figure } from '../../../../shared/agreement';
import { Link } from '../../router';
import { useResource } from '../../resources/useResource';
import './feedback/feedback.css';
import { ErrorMessage } from '../../components/ErrorMessage';

const pct = (f: Figure) => (f.value === null ? '—' : `${Math.round(f.value * 100)}%`);

interface Row {
  key: string;
  head: string;
  cells: ReactNode[];
}

/** A titled table: one header row, then a row per item headed by its name; figures right-aligned. */
function FigureTable({ id, title, columns, rows }: { id: string; title: string; columns: string[]; rows: Row[] }) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      <table aria-labelledby={id}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.head}</th>
              {r.cells.map((cell, i) => (
                <td key={i} className={typeof cell === 'number' || (typeof cell === 'string' && /%$|^—$/.test(cell)) ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The annotator's own agreement with the gold of the problems resolved so far: overall, over time, per type, per problem. */
export default function MyAgreementPage() {
  const loaded = useResource(feedback.myAgreement);
  const a = loaded.data;
  if (loaded.error !== undefined) return <ErrorMessage>Your agreement could not be loaded.</ErrorMessage>;
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
          <FigureTable
            id="over-time"
            title="Over time"
            columns={['Month resolved', 'Problems', 'Deletion agreement', 'Type agreement']}
            rows={a.overTime.map((m) => ({ key: m.period, head: m.period, cells: [m.problems, pct(m.deletion), pct(m.type)] }))}
          />
          <FigureTable
            id="per-type"
            title="Per gold type"
            columns={['Gold type', 'Gold points', 'Matched by yours', 'Same type', 'Type agreement']}
            rows={a.perType.map((t) => ({ key: t.type, head: t.type, cells: [t.gold, t.matched, t.same, pct(t.agreement)] }))}
          />
          <FigureTable
            id="per-problem"
            title="Per problem"
            columns={['Problem', 'Resolved', 'Deletion agreement', 'Types the same', 'Feedback']}
            rows={a.perProblem.map((r) => ({
              key: r.questionId,
              head: r.title,
              cells: [
                r.resolvedAt.slice(0, 10),
                pct(r.deletion),
                `${r.sameType} of ${r.typed}`,
                <Link key="link" href={`/feedback/${encodeURIComponent(r.questionId)}`}>
                  Open feedback<span className="sr-only"> on {r.title}</span>
                </Link>,
              ],
            }))}
          />
        </>
      )}
    </section>
  );
}

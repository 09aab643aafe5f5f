import type { Curation } from '../../../../../shared/runs/report';
import { Link } from '../../../router';
import { FlagButton } from './FlagButton';
import { taskHref } from './format';
import { LocalPager, useLocalPage } from './LocalPager';
import { TableHead } from '../../../components/TableHead';

/** Rows a page: the two lists side by side, the discoverability table below. */
const LIST_PAGE = 10;
const TABLE_PAGE = 25;

/** "2 of 5" runs asked it (their names in a title); "—" where no run of the kind had the task. */
function AskedBy({ counts }: { counts: { runs: number; hitBy: string[] } | undefined }) {
  if (!counts || counts.runs === 0) return <td className="muted">—</td>;
  return (
    <td title={counts.hitBy.join(', ')}>
      {counts.hitBy.length} of {counts.runs}
    </td>
  );
}

/** Discoverability of the key questions, the ones no run asked, the tasks no run hit; flag them back to adjudication. */
export function CurationPanel({ curation, canFlag, onFlagged }: { curation: Curation; canFlag: boolean; onFlagged: () => void }) {
  // Humans and models are counted apart once any pilot run is in.
  const split = curation.keyQuestions.some((k) => (k.humans?.runs ?? 0) > 0);
  const sorted = [...curation.keyQuestions].sort((a, b) => a.hitBy.length / Math.max(1, a.runs) - b.hitBy.length / Math.max(1, b.runs));
  const never = useLocalPage(curation.neverAsked.length, LIST_PAGE);
  const noHit = useLocalPage(curation.noHitTasks.length, LIST_PAGE);
  const disc = useLocalPage(sorted.length, TABLE_PAGE);
  return (
    <section className="card curation" aria-labelledby="curation-h">
      <h2 id="curation-h">Curation feedback</h2>
      <div className="curation-lists">
        <div>
          <h3>Key questions no run asked ({curation.neverAsked.length})</h3>
          <ul className="plain never-asked">
            {curation.neverAsked.slice(never.offset, never.offset + never.size).map((k) => (
              <li key={`${k.questionId}:${k.question}`}>
                <code>{k.questionId}</code> <span className="kq">{k.question}</span> <span className="muted">({k.type ?? 'unattributed'})</span>{' '}
                {k.taskIds.slice(0, 3).map((t) => (
                  <Link key={t} href={taskHref(t)}>
                    {t}
                  </Link>
                ))}
              </li>
            ))}
          </ul>
          <LocalPager pager={never} total={curation.neverAsked.length} label="Pages of key questions no run asked" />
        </div>
        <div>
          <h3>Tasks where no run hit anything ({curation.noHitTasks.length})</h3>
          <table aria-label="Tasks no run hit">
            <TableHead columns={['task', 'problem', 'runs', canFlag && 'send back']} />
            <tbody>
              {curation.noHitTasks.slice(noHit.offset, noHit.offset + noHit.size).map((t) => (
                <tr key={`${t.questionId}:${t.taskId}`}>
                  <td>
                    <Link href={taskHref(t.taskId)}>{t.taskId}</Link>
                  </td>
                  <td>
                    <code>{t.questionId}</code>
                  </td>
                  <td>{t.runs}</td>
                  {canFlag && (
                    <td>
                      <FlagButton taskId={t.taskId} onFlagged={onFlagged} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <LocalPager pager={noHit} total={curation.noHitTasks.length} label="Pages of tasks no run hit" />
        </div>
      </div>
      <h3>Discoverability per key question (least discovered first)</h3>
      <table aria-label="Discoverability per key question">
        <thead>
          <tr>
            <th>problem</th>
            <th>key question</th>
            <th>type</th>
            {split ? (
              <>
                <th>models that asked it</th>
                <th>pilots that asked it</th>
              </>
            ) : (
              <th>runs that asked it</th>
            )}
          </tr>
        </thead>
        <tbody>
          {sorted.slice(disc.offset, disc.offset + disc.size).map((k) => (
            <tr key={`${k.questionId}:${k.question}`}>
              <td>
                <code>{k.questionId}</code>
              </td>
              <td className="kq">{k.question}</td>
              <td>{k.type ?? 'unattributed'}</td>
              {split ? (
                <>
                  <AskedBy counts={k.models} />
                  <AskedBy counts={k.humans} />
                </>
              ) : (
                <AskedBy counts={k} />
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <LocalPager pager={disc} total={sorted.length} label="Pages of key questions by discoverability" />
    </section>
  );
}

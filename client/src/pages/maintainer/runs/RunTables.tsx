import type { RunSummary } from '../../../../../shared/runs/views';
import { duration } from '../pilots/format';
import { fmt, pct } from './format';
import { PASS1_HEADERS, Pass1Cells } from './Pass1';
import { isHumanRun, RunName } from './RunName';
import { TableHead } from '../../../components/TableHead';
import { Term, type RunColumn } from './ColumnHelp';

/** A column heading with its definition (a column shown only sometimes is false). */
const term = (column: RunColumn | false) => column && <Term column={column} />;

const publicAtSubmit = (r: RunSummary) => {
  const x = r.human?.code?.publicTestsPassedAtSubmit;
  return x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`;
};
const rowClass = (r: RunSummary) => (isHumanRun(r) ? 'human-run' : undefined);
export const kValues = (runs: readonly RunSummary[]) => [...new Set(runs.flatMap((r) => Object.keys(r.per_k)))].sort((a, b) => Number(a) - Number(b));

/** The runs side by side: TKQR and ORA beside pass@1 on the complete statements and after clarification. */
export function ModelsTable({ runs, label = 'Models side by side' }: { runs: readonly RunSummary[]; label?: string }) {
  const anyHuman = runs.some(isHumanRun);
  // Which judge labelled each run's hits, once any run records one.
  const anyJudge = runs.some((r) => r.judge !== undefined);
  return (
    <table aria-label={label}>
      <TableHead
        columns={([
          'model',
          'TKQR',
          'ORA',
          ...PASS1_HEADERS,
          'avg turns',
          'avg diff',
          'unfinished',
          'tasks',
          anyHuman && 'time per task',
          anyHuman && 'time to first question',
          anyHuman && 'public tests at submit (examples, not pass@1)',
          'release',
          anyJudge && 'judge',
        ] satisfies (RunColumn | false)[]).map(term)}
      />
      <tbody>
        {runs.map((r) => (
          <tr key={r.model} className={rowClass(r)}>
            <th scope="row">
              <RunName run={r} />
            </th>
            <td>{fmt(r.tkqr)}</td>
            <td>{fmt(r.ora)}</td>
            <Pass1Cells f={r} />
            <td>{fmt(r.avg_turns, 2)}</td>
            <td>{fmt(r.avg_diff, 2)}</td>
            <td>{r.unfinished}</td>
            <td>{r.tasks}</td>
            {anyHuman && <td>{r.human ? duration(r.human.avgSecondsPerTask) : '—'}</td>}
            {anyHuman && <td>{r.human ? duration(r.human.avgSecondsToFirstQuestion) : '—'}</td>}
            {anyHuman && <td>{publicAtSubmit(r)}</td>}
            <td title={`SHA-256 ${r.release_sha256}`}>
              {r.release} <code className="muted">{r.release_sha256.slice(0, 12)}</code>
            </td>
            {anyJudge && <td>{r.judge ?? 'unrecorded'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One row per K and run: the run's figures over its tasks with that K. */
export function PerKTable({ runs }: { runs: readonly RunSummary[] }) {
  const ks = kValues(runs);
  return (
    <table aria-label="Per K">
      <TableHead columns={(['K', 'model', 'tasks', 'TKQR', 'ORA', ...PASS1_HEADERS, 'avg turns', 'avg diff'] as const).map(term)} />
      <tbody>
        {ks.flatMap((k) =>
          runs.map((r, i) => {
            const f = r.per_k[k];
            return (
              <tr key={`${k}:${r.model}`} className={[rowClass(r), i === 0 ? 'group-start' : ''].filter(Boolean).join(' ') || undefined}>
                <th scope="row">K = {k}</th>
                <td>
                  <RunName run={r} />
                </td>
                {f ? (
                  <>
                    <td>{f.tasks}</td>
                    <td>{fmt(f.tkqr)}</td>
                    <td>{fmt(f.ora)}</td>
                    <Pass1Cells f={f} />
                    <td>{fmt(f.avg_turns, 2)}</td>
                    <td>{fmt(f.avg_diff, 2)}</td>
                  </>
                ) : (
                  <td colSpan={9} className="muted">
                    no task with K = {k}
                  </td>
                )}
              </tr>
            );
          }),
        )}
      </tbody>
    </table>
  );
}

/** Types down, runs across: each cell key questions · hit rate · TKQR · ORA, then pass@1 after clarification and complete. */
export function PerTypeTable({ runs, types }: { runs: readonly RunSummary[]; types: readonly string[] }) {
  return (
    <table aria-label="Per ambiguity type">
      <thead>
        <tr>
          <th scope="col">
            <Term column="type" />
          </th>
          {runs.map((r) => (
            <th scope="col" key={r.model}>
              <RunName run={r} />: <Term column="key questions" /> · <Term column="hit rate" /> · <Term column="TKQR" /> · <Term column="ORA" /> · pass@1 (
              <Term column="pass@1 complete" /> → <Term column="pass@1 interactive" />)
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {types.map((t) => (
          <tr key={t}>
            <th scope="row">{t}</th>
            {runs.map((r) => {
              const f = r.per_type[t];
              return <td key={r.model}>{f ? <TypeCell f={f} /> : '—'}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TypeCell({ f }: { f: RunSummary['per_type'][string] }) {
  const text = `${f.key_questions} · ${pct(f.hit_rate)} · ${fmt(f.tkqr)} · ${fmt(f.ora)} · `;
  const pass = (v: number | null, what: string) =>
    v === null ? (
      <span className="undefined-value" title={`pass@1 ${what}: not imported yet`}>
        —<span className="sr-only"> (pass@1 {what}: not imported yet)</span>
      </span>
    ) : (
      pct(v)
    );
  return (
    <>
      {text}
      {pass(f.pass1_complete, 'on the complete statements')} → {pass(f.pass1, 'after clarification')}
    </>
  );
}

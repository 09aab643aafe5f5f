import { useState } from 'react';
import { ALL_K, TABLE3_HEADERS, table3, table3Csv, table3Latex, table3Text, table4, table4Csv, table4Latex, table4Text } from '../../../../../shared/runs/paperTables';
import type { RunSummary } from '../../../../../shared/runs/views';
import { PASS1_MISSING } from './Pass1';
import { RunName } from './RunName';

/** The releases the runs are about, the one with most runs first. */
function releasesOf(runs: readonly RunSummary[]) {
  const bySha = new Map<string, { sha: string; name: string; runs: number }>();
  for (const r of runs) {
    const e = bySha.get(r.release_sha256) ?? { sha: r.release_sha256, name: r.release, runs: 0 };
    e.runs += 1;
    bySha.set(r.release_sha256, e);
  }
  return [...bySha.values()].sort((a, b) => b.runs - a.runs);
}

/** Save text as a file through a Blob (nothing goes to the server). */
function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');

/** A cell of a paper table: "—" keeps its reason in a title and for screen readers. */
function Cell({ text, reason }: { text: string; reason: string }) {
  if (text !== '—') return <td>{text}</td>;
  return (
    <td className="undefined-value" title={reason}>
      —<span className="sr-only"> ({reason})</span>
    </td>
  );
}

const TABLE3_REASONS = [PASS1_MISSING.complete, PASS1_MISSING.interactive, PASS1_MISSING.delta, 'no task scored', 'no task scored'];

/** Table 3 and Table 4 of the paper over one release's runs, with CSV and LaTeX downloads. */
export function PaperTablesPanel({ runs }: { runs: readonly RunSummary[] }) {
  const releases = releasesOf(runs);
  const [sha, setSha] = useState(releases[0]?.sha ?? '');
  const release = releases.find((r) => r.sha === sha) ?? releases[0];
  if (!release) return null;
  const chosen = runs.filter((r) => r.release_sha256 === release.sha);
  const t3 = table3(chosen);
  const t4 = table4(chosen);
  const base = safeName(release.name);
  const byModel = new Map(chosen.map((r) => [r.model, r]));
  return (
    <section className="card paper-tables" aria-labelledby="paper-h">
      <h2 id="paper-h">Paper tables</h2>
      <p className="muted">
        The paper&apos;s Table 3 and Table 4 over the runs of one release. pass@1 and Δ in percent (Δ = interactive − complete, in points), TKQR and ORA
        with two decimals, turns and diff with two. A missing figure is — here, -- in LaTeX and an empty cell in CSV.
      </p>
      {releases.length > 1 && (
        <label className="field">
          Release
          <select value={release.sha} onChange={(e) => setSha(e.target.value)}>
            {releases.map((r) => (
              <option key={r.sha} value={r.sha}>
                {r.name} ({r.sha.slice(0, 12)}, {r.runs} runs)
              </option>
            ))}
          </select>
        </label>
      )}
      <h3 id="table3-h">Table 3: pass@1 and clarification</h3>
      <div className="row downloads">
        <button type="button" onClick={() => download(`table3-${base}.csv`, table3Csv(t3), 'text/csv')}>
          Download Table 3 (CSV)
        </button>
        <button type="button" onClick={() => download(`table3-${base}.tex`, table3Latex(t3), 'application/x-tex')}>
          Download Table 3 (LaTeX)
        </button>
      </div>
      <table aria-labelledby="table3-h">
        <thead>
          <tr>
            {TABLE3_HEADERS.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {t3.map((row) => (
            <tr key={row.model}>
              <th scope="row">
                <RunName run={byModel.get(row.model)!} />
              </th>
              {table3Text(row).map((text, i) => (
                <Cell key={i} text={text} reason={TABLE3_REASONS[i]!} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 id="table4-h">Table 4: average turns and diff per K</h3>
      <div className="row downloads">
        <button type="button" onClick={() => download(`table4-${base}.csv`, table4Csv(t4), 'text/csv')}>
          Download Table 4 (CSV)
        </button>
        <button type="button" onClick={() => download(`table4-${base}.tex`, table4Latex(t4), 'application/x-tex')}>
          Download Table 4 (LaTeX)
        </button>
      </div>
      <table aria-labelledby="table4-h">
        <thead>
          <tr>
            <td />
            {t4.groups.map((g) => (
              <th scope="colgroup" colSpan={2} key={g}>
                {g === ALL_K ? 'all tasks' : `K = ${g}`}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col">model</th>
            {t4.groups.flatMap((g) => [
              <th scope="col" key={`${g}-t`}>
                turns
              </th>,
              <th scope="col" key={`${g}-d`}>
                diff
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {t4.rows.map((row) => (
            <tr key={row.model}>
              <th scope="row">
                <RunName run={byModel.get(row.model)!} />
              </th>
              {table4Text(row).map((text, i) => (
                <Cell key={i} text={text} reason="the run has no task with this K" />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

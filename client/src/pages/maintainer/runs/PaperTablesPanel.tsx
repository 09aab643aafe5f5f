import { useState } from 'react';
import { apartFromBaseline } from '../../../../../shared/runs/humanBaseline';
import { paperTable, PAPER_TABLE_TITLES, releasesOf, type PaperTableName } from '../../../../../shared/runs/paperTable';
import { ALL_K, TABLE3_HEADERS, table3, table3Text, table4, table4Text } from '../../../../../shared/runs/paperTables';
import type { RunSummary } from '../../../../../shared/runs/views';
import { DifficultyHeatMap } from './DifficultyHeatMap';
import { PaperDownloads } from './PaperDownloads';
import { PASS1_MISSING } from './Pass1';
import { RunName } from './RunName';
import { Cell, TextTableView } from './TextTableView';

const TABLE3_REASONS = [PASS1_MISSING.complete, PASS1_MISSING.interactive, PASS1_MISSING.delta, 'no task scored', 'no task scored'];

/** Every table of the paper (3, 4, per type, Figure 7 with its heat map, errors) over one release's runs, each with CSV and LaTeX downloads. */
export function PaperTablesPanel({ runs }: { runs: readonly RunSummary[] }) {
  const releases = releasesOf(runs);
  const [sha, setSha] = useState(releases[0]?.sha ?? '');
  const release = releases.find((r) => r.sha === sha) ?? releases[0];
  if (!release) return null;
  const chosen = apartFromBaseline(runs.filter((r) => r.release_sha256 === release.sha));
  const t3 = table3(chosen);
  const t4 = table4(chosen);
  const downloads = (table: PaperTableName, label: string) => <PaperDownloads table={table} label={label} release={release.name} runs={chosen} />;
  const byModel = new Map(chosen.map((r) => [r.model, r]));
  return (
    <section className="card paper-tables" aria-labelledby="paper-h">
      <h2 id="paper-h">Paper tables</h2>
      <p className="muted">
        The paper&apos;s tables and Figure 7 over the runs of one release. pass@1, Δ, hit rates and error shares in percent (Δ = interactive − complete, in
        points), TKQR, ORA, D_K–H_h shares, turns and diff with two decimals. A missing figure is — here, -- in LaTeX and an empty cell in CSV. The downloads
        are what <code>runs tables</code> prints.
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
      <h3 id="table3-h">{PAPER_TABLE_TITLES['3']}</h3>
      {downloads('3', 'Table 3')}
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
      <h3 id="table4-h">{PAPER_TABLE_TITLES['4']}</h3>
      {downloads('4', 'Table 4')}
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
      <h3 id="types-h">{PAPER_TABLE_TITLES.types}</h3>
      {downloads('types', 'the per-type table')}
      <TextTableView table={paperTable('types', chosen)} labelledBy="types-h" reason="no task with a key question of this type, or pass@1 not imported" />
      <h3 id="difficulty-h">{PAPER_TABLE_TITLES.difficulty}</h3>
      {downloads('difficulty', 'Figure 7')}
      <DifficultyHeatMap runs={chosen} />
      <h3 id="errors-h">{PAPER_TABLE_TITLES.errors}</h3>
      <p className="muted">
        Shares of the failing codes by LiveCodeBench&apos;s error code (-2, -3, -4 with syntax errors told apart by their message, -5); unknown: graded without metadata.
      </p>
      {downloads('errors', 'the error table')}
      <TextTableView table={paperTable('errors', chosen)} labelledBy="errors-h" reason="no failing code in this group" />
    </section>
  );
}

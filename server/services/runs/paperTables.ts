/** The paper's tables over one release's runs, as text (`runs tables`, GET /api/runs/tables/:table). */
import type { DB } from '../../../db/database';
import { paperTableFileName, paperTableText, releasesOf, type PaperTableName, type TableFormat } from '../../../shared/runs/paperTable';
import { apartFromBaseline } from '../../../shared/runs/humanBaseline';
import { validationFailed } from '../../domain/errors';
import { runsReport } from './reports';

export interface PaperTableFile {
  release: string;
  release_sha256: string;
  fileName: string;
  text: string;
}

/**
 * One table in one format. The release is named or given by its SHA-256; without one, the
 * release with most runs, as the Runs page opens with.
 */
export function paperTableFile(db: DB, table: PaperTableName, format: TableFormat, release?: string): PaperTableFile {
  const runs = runsReport(db).runs;
  const releases = releasesOf(runs);
  const matching = release === undefined ? releases.slice(0, 1) : releases.filter((r) => r.name === release || r.sha === release);
  if (release !== undefined && matching.length === 0) {
    const known = releases.map((r) => `"${r.name}"`).join(', ') || 'none';
    throw validationFailed([{ path: 'release', message: `no run is about release "${release}" (releases with runs: ${known})` }]);
  }
  if (matching.length > 1) {
    throw validationFailed([{ path: 'release', message: `"${release}" names ${matching.length} releases with runs (${matching.map((r) => r.sha).join(', ')}): give the SHA-256 of one` }]);
  }
  const chosen = matching[0];
  const ofRelease = chosen ? apartFromBaseline(runs.filter((r) => r.release_sha256 === chosen.sha)) : [];
  const name = chosen?.name ?? 'no-runs';
  return { release: name, release_sha256: chosen?.sha ?? '', fileName: paperTableFileName(table, format, name), text: paperTableText(table, format, ofRelease) };
}

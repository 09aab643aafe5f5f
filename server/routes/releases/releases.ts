import path from 'node:path';
import { releases } from '../../../shared/api/releases';
import { routesOf } from '../../http/route';
import { presentRelease } from '../../presenters/releases';
import { RELEASE_FILE } from '../../../shared/release/format';
import { buildRelease } from '../../services/releases/build';
import { baselineCandidates } from '../../services/releases/baselines';
import { readReleaseSettings, saveReleaseSettings } from '../../services/releases/settings';
import { checkRelease } from '../../services/releases/check';
import { diffStoredReleases } from '../../services/releases/releaseDiff';
import { cutRelease, getRelease, listReleases, publishRelease, releaseFile, releaseFiles } from '../../services/releases/store';
import { zipRelease } from '../../services/releases/zip';

const CONTENT_TYPES: Record<string, string> = {
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export const releaseRoutes = routesOf(releases, {
  settings: ({ db }) => ({ settings: readReleaseSettings(db) }),
  saveSettings: ({ db, actor, body }) => ({ settings: saveReleaseSettings(db, actor, body) }),
  list: ({ db }) => ({ releases: listReleases(db).map(presentRelease) }),
  preview: ({ db, body }) => {
    const built = buildRelease(db, { name: 'preview', notes: '', policy: body.policy, extended: body.extended });
    const { counts, continues } = built.manifest;
    return { counts, continues, report: built.report, acknowledgement: built.acknowledgement, check: checkRelease(db, body.name), runs: baselineCandidates(db, built.manifest.files.find((f) => f.path === RELEASE_FILE)!.sha256) };
  },
  cut: ({ db, actor, body }) => {
    const { release, built } = cutRelease(db, actor, body);
    return { release: presentRelease(release), report: built.report };
  },
  get: ({ db, params }) => {
    const { release, files } = getRelease(db, params.name);
    return { release: { ...presentRelease(release), files } };
  },
  publish: ({ db, actor, params }) => ({ release: presentRelease(publishRelease(db, actor, params.name)) }),
  download: async ({ db, params, res }) => {
    const { release, files } = releaseFiles(db, params.name);
    const zip = await zipRelease(release.name, files, new Date(release.created_at));
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${release.name}.zip"`);
    res.send(zip);
  },
  file: ({ db, params, res }) => {
    const file = releaseFile(db, params.name, params.path);
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file.path)] ?? 'application/octet-stream');
    res.setHeader('Content-Disposition', `inline; filename="${path.basename(file.path)}"`);
    res.send(file.content);
  },
  diff: ({ db, query }) => diffStoredReleases(db, query.old, query.new),
});

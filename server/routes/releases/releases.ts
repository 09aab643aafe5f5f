import path from 'node:path';
import { cutReleaseBody, previewReleaseBody } from '../../../shared/schemas/release';
import { releaseSettings } from '../../../shared/schemas/releaseSettings';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { RELEASE_FILE } from '../../../shared/release/format';
import { buildRelease } from '../../services/releases/build';
import { baselineCandidates } from '../../services/releases/baselines';
import { readReleaseSettings, saveReleaseSettings } from '../../services/releases/settings';
import { checkRelease } from '../../services/releases/check';
import { cutRelease, getRelease, listReleases, releaseFile, releaseFiles } from '../../services/releases/store';
import { zipRelease } from '../../services/releases/zip';

const CONTENT_TYPES: Record<string, string> = {
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Express 5 gives a named wildcard as its path segments. */
function wildcard(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  const joined = Array.isArray(value) ? value.map(String).join('/') : String(value ?? '');
  if (!joined || joined.split('/').some((s) => s === '..' || s === '')) throw badRequest('path: not a file of the release');
  return joined;
}

export const releaseRoutes = [
  route({
    method: 'get',
    path: '/api/settings/release',
    access: ['maintainer'],
    handle: ({ db }) => ({ settings: readReleaseSettings(db) }),
  }),
  route({
    method: 'put',
    path: '/api/settings/release',
    access: ['maintainer'],
    body: releaseSettings,
    handle: ({ db, actor, body }) => ({ settings: saveReleaseSettings(db, actor, body) }),
  }),
  route({
    method: 'get',
    path: '/api/releases',
    access: ['maintainer'],
    handle: ({ db }) => ({ releases: listReleases(db) }),
  }),
  route({
    method: 'post',
    path: '/api/releases/preview',
    access: ['maintainer'],
    body: previewReleaseBody,
    handle({ db, body }) {
      const built = buildRelease(db, { name: 'preview', notes: '', policy: body.policy, extended: body.extended });
      const { counts, continues } = built.manifest;
      return { counts, continues, report: built.report, check: checkRelease(db, body.name), runs: baselineCandidates(db, built.manifest.files.find((f) => f.path === RELEASE_FILE)!.sha256) };
    },
  }),
  route({
    method: 'post',
    path: '/api/releases',
    access: ['maintainer'],
    body: cutReleaseBody,
    status: 201,
    handle({ db, actor, body }) {
      const { release, built } = cutRelease(db, actor, body);
      return { release, report: built.report };
    },
  }),
  route({
    method: 'get',
    path: '/api/releases/:name',
    access: ['maintainer'],
    handle: ({ db, params }) => ({ release: getRelease(db, params.name!) }),
  }),
  route({
    method: 'get',
    path: '/api/releases/:name/download',
    access: ['maintainer'],
    async handle({ db, params, res }) {
      const { release, files } = releaseFiles(db, params.name!);
      const zip = await zipRelease(release.name, files, new Date(release.createdAt));
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${release.name}.zip"`);
      res.send(zip);
    },
  }),
  route({
    method: 'get',
    path: '/api/releases/:name/files/*path',
    access: ['maintainer'],
    handle({ db, params, res }) {
      const file = releaseFile(db, params.name!, wildcard(params, 'path'));
      res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file.path)] ?? 'application/octet-stream');
      res.setHeader('Content-Disposition', `inline; filename="${path.basename(file.path)}"`);
      res.send(file.content);
    },
  }),
];

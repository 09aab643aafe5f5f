import { z } from 'zod';
import type { RuleAcknowledgement } from '../release/acknowledged';
import type { StoredReleaseDiff } from '../release/diff';
import type { ValidationReport } from '../release/validate';
import { cutReleaseBody, previewReleaseBody, releaseName, type BaselineCandidate, type ReleaseCheck, type ReleaseManifest, type ReleaseSummary } from '../schemas/release';
import { releaseSettings, type ReleaseSettings } from '../schemas/releaseSettings';
import { resource, type FileResponse } from './endpoint';

const MAINTAINER = ['maintainer'] as const;
const oneRelease = z.object({ name: z.string().min(1).max(200) });

/** A file's path inside a release: express gives a named wildcard as its segments. */
const releasePath = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v.join('/') : v))
  .refine((p) => p !== '' && !p.split('/').some((s) => s === '..' || s === ''), 'not a file of the release');

export interface ReleaseFileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface ReleasePreview {
  counts: ReleaseManifest['counts'];
  continues: string | null;
  report: ValidationReport;
  /** Per rule, the findings acknowledged on submit (with their reasons) apart from those nobody acknowledged. */
  acknowledgement: RuleAcknowledgement[];
  check: ReleaseCheck;
  /** Stored runs made on exactly these tasks: what the card's baseline results may hold. */
  runs: BaselineCandidate[];
}

export const releases = resource('releases', (endpoint) => ({
  settings: endpoint<{ settings: ReleaseSettings }>()({ method: 'get', path: '/api/settings/release', access: MAINTAINER }),
  saveSettings: endpoint<{ settings: ReleaseSettings }>()({ method: 'put', path: '/api/settings/release', access: MAINTAINER, body: releaseSettings }),
  list: endpoint<{ releases: ReleaseSummary[] }>()({ method: 'get', path: '/api/releases', access: MAINTAINER }),
  preview: endpoint<ReleasePreview>()({ method: 'post', path: '/api/releases/preview', access: MAINTAINER, body: previewReleaseBody }),
  cut: endpoint<{ release: ReleaseSummary; report: ValidationReport }>()({ method: 'post', path: '/api/releases', access: MAINTAINER, body: cutReleaseBody, status: 201 }),
  get: endpoint<{ release: ReleaseSummary & { files: ReleaseFileEntry[] } }>()({ method: 'get', path: '/api/releases/:name', access: MAINTAINER, params: oneRelease }),
  /** Mark the release published (made public); 409 when it already is. */
  publish: endpoint<{ release: ReleaseSummary }>()({ method: 'post', path: '/api/releases/:name/publish', access: MAINTAINER, params: oneRelease }),
  /** The release as a zip. */
  download: endpoint<FileResponse>()({ method: 'get', path: '/api/releases/:name/download', access: MAINTAINER, params: oneRelease }),
  file: endpoint<FileResponse>()({
    method: 'get',
    path: '/api/releases/:name/files/*path',
    access: MAINTAINER,
    params: z.object({ name: z.string().min(1).max(200), path: releasePath }),
  }),
  /** Kept apart from /api/releases/:name so the two never shadow each other. */
  diff: endpoint<StoredReleaseDiff>()({
    method: 'get',
    path: '/api/release-diff',
    access: MAINTAINER,
    query: z.object({ old: releaseName, new: releaseName }),
  }),
}));

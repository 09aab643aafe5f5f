import { ApiError } from '../../api';
import { urlOf } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { releases as releasesApi } from '../../../../shared/api/releases';
import type { ReleaseSummary } from '../../../../shared/schemas/release';
import { Link } from '../../router';
import { CutReleaseForm } from './ReleaseCutForm';
import { ReleasePublish } from './ReleasePublish';
import { ReleaseSettingsForm } from './ReleaseSettingsForm';
import './ReleasesPage.css';
import { ErrorMessage } from '../../components/ErrorMessage';

const kCounts = (r: ReleaseSummary) => {
  const k = r.manifest?.counts?.k ?? {};
  return `${k['1'] ?? 0} / ${k['2'] ?? 0} / ${k['3'] ?? 0}`;
};

function ReleaseRow({ release }: { release: ReleaseSummary }) {
  const files = release.manifest?.files ?? [];
  return (
    <tr>
      <td>
        <strong>{release.name}</strong> {release.kind === 'legacy' && <span className="badge">imported</span>}
        {release.notes && <div className="muted release-notes">{release.notes}</div>}
      </td>
      <td>{release.manifest?.counts?.tasks ?? '–'}</td>
      <td>{release.manifest?.counts?.problems ?? '–'}</td>
      <td>{kCounts(release)}</td>
      <td>{release.policy}</td>
      <td>
        {release.createdBy ?? 'cli'}
        <span className="muted"> · {release.createdAt.replace('T', ' ').slice(0, 16)} UTC</span>
      </td>
      <td>
        <ReleasePublish release={release} />
      </td>
      <td>
        <details>
          <summary>{release.kind === 'export' ? `${files.length} files + manifest` : `${files.length} file(s)`}</summary>
          <ul className="release-files">
            {files.map((f) => (
              <li key={f.path}>
                <a href={urlOf(releasesApi.file, { params: { name: release.name, path: f.path } })}>{f.path}</a> <span className="muted">{f.bytes} B</span>
                <code className="checksum" title={`SHA-256 of ${f.path}`}>
                  {f.sha256}
                </code>
              </li>
            ))}
            {release.kind === 'export' && (
              <li>
                <a href={urlOf(releasesApi.file, { params: { name: release.name, path: 'manifest.json' } })}>manifest.json</a> <span className="muted">(counts and these checksums)</span>
              </li>
            )}
          </ul>
        </details>
      </td>
      <td className="release-actions">
        {/* Short words in a narrow column; the accessible name says which release. */}
        <a className="button-link" href={urlOf(releasesApi.download, { params: { name: release.name } })} download aria-label={`Download ${release.name}.zip`}>
          Download
        </a>
        {files.some((f) => f.path === 'README.md') && (
          <Link className="button-link" href={`/releases/${encodeURIComponent(release.name)}/card`} aria-label={`Data card of ${release.name}`}>
            Data card
          </Link>
        )}
      </td>
    </tr>
  );
}

/** Maintainers cut immutable, validated releases here and download them. */
export default function ReleasesPage() {
  const loaded = useResource(releasesApi.list);
  const releases = loaded.data?.releases ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);

  return (
    <section className="page releases-page">
      <h1>Releases</h1>
      <p className="muted">
        A release is an immutable snapshot of the resolved problems' tasks: the JSONL, a data card computed from it, Croissant metadata, charts and a manifest
        with checksums. Every release is validated before it exists.
      </p>
      <CutReleaseForm existing={releases?.map((r) => r.name) ?? []} onCut={() => undefined /* the cut, made through call(), reloads the list */} />
      <ReleaseSettingsForm />
      <div className="card">
        <h2>Cut releases</h2>
        <ErrorMessage>{error}</ErrorMessage>
        {releases === null && !error && <p className="muted">Loading…</p>}
        {releases?.length === 0 && <p className="muted">No release has been cut yet.</p>}
        {releases && releases.length > 0 && (
          <table className="releases-table" aria-label="Releases">
            <thead>
              <tr>
                <th>Name</th>
                <th>Tasks</th>
                <th>Problems</th>
                <th className="nowrap">K = 1 / 2 / 3</th>
                <th>Policy</th>
                <th>Cut by</th>
                <th>State</th>
                <th>Files and SHA-256</th>
                <th>Download</th>
              </tr>
            </thead>
            <tbody>
              {releases.map((r) => (
                <ReleaseRow key={r.name} release={r} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

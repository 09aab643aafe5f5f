import { useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { releases } from '../../../../shared/api/releases';
import type { ReleaseSummary } from '../../../../shared/schemas/release';
import { ConfirmDialog } from '../../ConfirmDialog';
import { ErrorMessage } from '../../components/ErrorMessage';

/**
 * A release's state, and Publish for an unpublished one. A pilot could look a task's text up in
 * a published release, so pilot studies are drawn from unpublished ones: publishing is asked first.
 */
export function ReleasePublish({ release }: { release: ReleaseSummary }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (release.publishedAt !== null) {
    return <span>Published on {release.publishedAt.slice(0, 10)}</span>;
  }

  async function publishNow() {
    setBusy(true);
    setError(null);
    try {
      // The list is reloaded by call() after a change.
      await call(releases.publish, { params: { name: release.name } });
      setAsking(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <span>Unpublished</span>{' '}
      <button type="button" aria-label={`Publish ${release.name}`} onClick={() => setAsking(true)}>
        Publish
      </button>
      <ErrorMessage>{error}</ErrorMessage>
      {asking && (
        <ConfirmDialog title={`Publish release ${release.name}?`} confirmLabel="Confirm publish" busy={busy} onConfirm={() => void publishNow()} onCancel={() => setAsking(false)}>
          <p>
            Mark {release.name} as made public. Pilots could then look its task texts up and find their key questions, so new pilot studies are drawn from it only
            when you allow a published release. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { Markdown } from '../../markdown/Markdown';
import { urlOf } from '../../apiCall';
import { releases } from '../../../../shared/api/releases';
import type { PageProps } from '../../routes';
import { Link } from '../../router';
import './ReleasesPage.css';
import { ErrorMessage } from '../../components/ErrorMessage';

/** The folder of the release's files (the data card's relative links resolve against it). */
const filesBase = (release: string) => urlOf(releases.file, { params: { name: release, path: '' } });

/** A release's data card (README.md) on its own page, rendered from Markdown as React elements, with its source a click away. */
export default function DataCardPage({ params }: PageProps) {
  const release = params.name ?? '';
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(urlOf(releases.file, { params: { name: release, path: 'README.md' } }), { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`The data card could not be loaded (${res.status}).`))))
      .then(
        (t) => live && setText(t),
        (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
      );
    return () => {
      live = false;
    };
  }, [release]);

  return (
    <section className="page releases-page release-card-page card data-card" aria-label={`Data card of ${release}`}>
      <Link className="back" href="/releases">
        ← Releases
      </Link>
      <div className="row">
        <h1>Data card of {release}</h1>
        <span className="spacer" />
        <button type="button" aria-pressed={source} onClick={() => setSource((s) => !s)} disabled={text === null}>
          {source ? 'View rendered' : 'View source'}
        </button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {text === null && !error && <p className="muted">Loading…</p>}
      {text !== null && (source ? <pre className="data-card-source">{text}</pre> : <Markdown source={text} linkBase={filesBase(release)} />)}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { guidelines } from '../../../../shared/api/guidelines';
import type { GuidelinesNews } from '../../../../shared/guidelines/view';
import { call } from '../../apiCall';
import { Markdown } from '../../markdown/Markdown';
import { useResource } from '../../resources/useResource';
import { useMe } from '../../session';
import { GuidelinesEditor } from './GuidelinesEditor';
import { GuidelinesVersions } from './GuidelinesVersions';
import { WorkedExample } from './WorkedExample';
import './guidelines.css';
import { ErrorMessage } from '../../components/ErrorMessage';

/** Once the types are on the page, bring the one the address names (#type-…) into view and focus it. */
function useFocusHash(ready: boolean): void {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready]);
}

/**
 * An annotator's visit: what changed since their last one, as the news stood when they came (the
 * copy the queue's notice showed, when they came from there), kept for the whole visit; then the
 * visit recorded at that version, which clears the news elsewhere. The news is a courtesy: the
 * page works without it.
 */
function useVisit(isAnnotator: boolean): GuidelinesNews | null {
  const loaded = useResource(isAnnotator ? guidelines.news : null).data;
  const [before, setBefore] = useState<GuidelinesNews | null>(null);
  if (loaded !== undefined && before === null) setBefore(loaded);
  useEffect(() => {
    if (before !== null) void call(guidelines.seen, { body: { version: before.current } }).catch(() => undefined);
  }, [before]);
  return before;
}

/** The annotation guidelines for every role: deletion rules, the 11 types with a worked example, the team's text. */
export default function GuidelinesPage() {
  const me = useMe();
  const loaded = useResource(guidelines.get);
  const g = loaded.data;
  const news = useVisit(me.role === 'annotator');
  useFocusHash(g !== undefined);
  if (loaded.error !== undefined) return <ErrorMessage>The guidelines could not be loaded.</ErrorMessage>;
  if (!g) return <p className="muted">Loading the guidelines…</p>;
  return (
    <section className="page guidelines-page">
      <h1>Guidelines</h1>
      <p className="muted">
        Version {g.version}
        {g.savedBy ? `, saved by ${g.savedBy} on ${g.savedAt.slice(0, 10)}` : ' (built in, no team text yet)'}. Each annotation records the version it was submitted under.
      </p>
      {news?.changed && (
        <p className="notice guidelines-news" role="status">
          Changed since your last visit: you last read version {news.lastSeen}; <a href="#guidelines-versions">what changed</a> is shown below.
        </p>
      )}
      <nav className="card guidelines-toc" aria-label="Ambiguity types">
        <h2>Contents</h2>
        <ul>
          <li>
            <a href="#deletion-rules">Deletion rules</a>
          </li>
          {g.types.map((t) => (
            <li key={t.anchor}>
              <a href={`#${t.anchor}`}>{t.name}</a>
            </li>
          ))}
          <li>
            <a href="#team-guidelines">Team guidelines</a>
          </li>
        </ul>
      </nav>
      <section id="deletion-rules" tabIndex={-1} aria-labelledby="deletion-rules-title">
        <h2 id="deletion-rules-title">Deletion rules</h2>
        <dl className="rules">
          {g.rules.map((r) => (
            <div key={r.title}>
              <dt>{r.title}</dt>
              <dd>{r.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <h2>The 11 ambiguity types</h2>
      {g.types.map((t) => (
        <section key={t.anchor} id={t.anchor} tabIndex={-1} className="card guideline-type" aria-labelledby={`${t.anchor}-title`}>
          <h3 id={`${t.anchor}-title`}>{t.name}</h3>
          <p>{t.definition}</p>
          <WorkedExample example={t.example} />
        </section>
      ))}
      <section id="team-guidelines" tabIndex={-1} aria-labelledby="team-guidelines-title">
        <h2 id="team-guidelines-title">Team guidelines</h2>
        {g.markdown.trim() ? <Markdown source={g.markdown} /> : <p className="muted">The team has not written its own guidelines yet.</p>}
      </section>
      <div id="guidelines-versions">
        <GuidelinesVersions key={`${g.currentVersion}-${news?.lastSeen ?? ''}`} current={g.currentVersion} from={news?.changed ? news.lastSeen : undefined} />
      </div>
      {me.role === 'maintainer' && <GuidelinesEditor current={g} onSaved={loaded.set} onReload={loaded.reload} />}
    </section>
  );
}

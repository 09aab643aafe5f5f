import type { ReactNode } from 'react';
import { applyEdits, type Point } from '../../../../../shared/edits';

interface Props {
  base: string;
  /** What this tab had and could not save. */
  mine: Point[];
  /** The latest saved version (null while it loads). */
  latest: Point[] | null;
  /** Present once the latest version is loaded in the editor: take my text over it, or let it go. */
  onUseMine?: () => void;
  onDismiss?: () => void;
  children?: ReactNode;
}

function Version({ title, base, points, testId }: { title: string; base: string; points: Point[]; testId: string }) {
  return (
    <section className="version" aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
      {points.length === 0 && <p className="muted">No points.</p>}
      {points.map((p, i) => (
        <dl key={i} className={`version-point p${i + 1}`}>
          <dt>Point {i + 1}</dt>
          <dd>
            <b>Question:</b> <span className="copyable">{p.question}</span>
          </dd>
          <dd>
            <b>Answer:</b> <span className="copyable">{p.answer}</span>
          </dd>
          <dd>
            <b>Type:</b> {p.type ?? '—'}
          </dd>
        </dl>
      ))}
      <details>
        <summary>Underspecified text</summary>
        <pre className="preview-text">{applyEdits(base, points)}</pre>
      </details>
    </section>
  );
}

/**
 * After a conflict (another tab or session saved first): this tab's unsaved text beside the
 * latest saved version, as plain selectable text, so nothing typed here is lost.
 */
export function VersionsPanel({ base, mine, latest, onUseMine, onDismiss, children }: Props) {
  return (
    <section className="card versions" aria-label="Unsaved changes beside the latest version">
      {children}
      <div className="versions-grid">
        <Version title="Your unsaved version" base={base} points={mine} testId="unsaved-version" />
        {latest ? <Version title="Latest saved version" base={base} points={latest} testId="latest-version" /> : <p className="loading">Loading the latest version…</p>}
      </div>
      {(onUseMine || onDismiss) && (
        <div className="row">
          {onUseMine && (
            <button type="button" onClick={onUseMine} title="Replace the latest version's points with yours (saved on top of the latest version)">
              Use my version
            </button>
          )}
          {onDismiss && (
            <button type="button" onClick={onDismiss}>
              Discard my unsaved version
            </button>
          )}
        </div>
      )}
    </section>
  );
}

import type { KeyboardEvent } from 'react';
import type { Ghost } from './suggestionModel';
import { ghostKey } from './suggestionModel';

interface Props {
  base: string;
  ghosts: Ghost[];
  onAccept: (ghost: Ghost) => void;
  onEdit: (ghost: Ghost) => void;
  onDismiss: (ghost: Ghost) => void;
}

const CONTEXT = 30;

/** The deletions of a suggested point in their context: what accepting it would strike out. */
function DeletionPreview({ base, ghost }: { base: string; ghost: Ghost }) {
  return (
    <ul className="ghost-preview" data-testid="ghost-preview">
      {ghost.point.deletions.map(([s, e]) => (
        <li key={s}>
          …{base.slice(Math.max(0, s - CONTEXT), s)}
          <del className="deleted ghost-del">{base.slice(s, e)}</del>
          {base.slice(e, e + CONTEXT)}…
        </li>
      ))}
    </ul>
  );
}

/**
 * The suggested points not yet accepted or dismissed, as ghosts beside the statement. On a
 * focused ghost, a accepts it, e accepts it and puts the caret in its question, x dismisses it.
 */
export function SuggestionGhosts({ base, ghosts, onAccept, onEdit, onDismiss }: Props) {
  if (ghosts.length === 0) return null;
  const onKey = (ghost: Ghost) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const act = { a: onAccept, e: onEdit, x: onDismiss }[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act(ghost);
  };
  return (
    <section className="card suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Suggestions</h2>
      <p className="muted small">
        Model suggestions: Tab to one and press <kbd>a</kbd> to accept, <kbd>e</kbd> to accept and edit, <kbd>x</kbd> to dismiss.
      </p>
      {ghosts.map((ghost, i) => (
        <article
          key={ghostKey(ghost.ref)}
          className="ghost"
          tabIndex={0}
          aria-label={`Suggestion ${i + 1} of ${ghosts.length} by ${ghost.suggestion.agent}: ${ghost.point.type}`}
          aria-keyshortcuts="a e x"
          data-testid="ghost"
          onKeyDown={onKey(ghost)}
        >
          <header className="row">
            <strong>{ghost.point.type}</strong>
            <span className="spacer" />
            <span className="muted small">
              {ghost.suggestion.agent}
              {ghost.suggestion.score !== null ? ` · score ${ghost.suggestion.score}` : ''}
            </span>
          </header>
          <p className="ghost-question">{ghost.point.question}</p>
          <p className="muted small">Answer: {ghost.point.answer}</p>
          <DeletionPreview base={base} ghost={ghost} />
          <div className="row">
            <button type="button" className="small" onClick={() => onAccept(ghost)}>
              Accept
            </button>
            <button type="button" className="small" onClick={() => onEdit(ghost)}>
              Edit
            </button>
            <button type="button" className="small" onClick={() => onDismiss(ghost)}>
              Dismiss
            </button>
          </div>
        </article>
      ))}
    </section>
  );
}

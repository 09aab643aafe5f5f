import { useEffect } from 'react';
import type { PageProps } from '../../routes';
import { useLabelling, type PageItem } from './judgeAudits/useLabelling';
import './judgeAudits/judgeAudit.css';
import { useLatest } from '../../useLatest';
import { ErrorMessage } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';

/** Keys typed into a field are the field's, not the page's. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function choiceText(choice: number | null | undefined): string {
  if (choice === undefined) return 'not labelled yet';
  return choice === null ? 'you chose: none of them' : `you chose: key question ${choice + 1}`;
}

function ItemCard({ page, position, total, busy, onChoose }: { page: PageItem; position: number; total: number; busy: boolean; onChoose: (k: number | null) => void }) {
  const { item, choice } = page;
  return (
    <article className="card audit-item" aria-labelledby="audit-item-h">
      <h2 id="audit-item-h">
        Item {position} of {total}: task {item.taskId}, question {item.turn + 1}
      </h2>
      <p className="muted">{choiceText(choice)}</p>
      <section aria-labelledby="asked-h">
        <h3 id="asked-h">The question asked</h3>
        <p className="said asked">{item.question}</p>
      </section>
      <fieldset className="audit-choices" disabled={busy}>
        <legend>Which key question does it ask?</legend>
        {item.keyQuestions.map((k) => (
          <button key={k.index} type="button" aria-pressed={choice === k.index} onClick={() => onChoose(k.index)}>
            <kbd>{k.index + 1}</kbd> {k.question}
          </button>
        ))}
        <button type="button" aria-pressed={choice === null} onClick={() => onChoose(null)}>
          <kbd>0</kbd> None of them
        </button>
      </fieldset>
      <section aria-labelledby="task-text-h">
        <h3 id="task-text-h">The task as the model saw it</h3>
        <pre className="said task-text">{item.text}</pre>
      </section>
    </article>
  );
}

/**
 * /judge-audits/:name/label — an adjudicator labels an audit's items blind: each item is one
 * question a model asked, to be matched to one of its task's key questions or to none. Keys:
 * 1–9 a key question, 0 none, j/k next/previous, u undo.
 */
export default function JudgeAuditPage({ params }: PageProps) {
  const name = params.name ?? '';
  const l = useLabelling(name);
  // The key listener is added once and reads the latest state through the ref.
  const keys = useLatest(l);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const now = keys.current;
      if (/^[0-9]$/.test(e.key)) void now.choose(e.key === '0' ? null : Number(e.key) - 1);
      else if (e.key === 'j') now.move(1);
      else if (e.key === 'k') now.move(-1);
      else if (e.key === 'u') void now.undo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys]);

  const { state, items, cursor, current } = l;
  return (
    <section className="page judge-audit">
      <BackLink href="/runs?view=judge">Judge audits</BackLink>
      <h1>Judge audit {name}</h1>
      <p className="muted">
        Each item is one clarification question a model asked on a task. Choose the key question it asks for, or none of them. You do not see which model
        asked it, what its judge said, or anyone else&apos;s choice.
      </p>
      <p className="muted">
        Keys: <kbd>1</kbd>–<kbd>3</kbd> a key question, <kbd>0</kbd> none, <kbd>j</kbd> next, <kbd>k</kbd> previous, <kbd>u</kbd> undo.
      </p>
      {state && (
        <p className="audit-progress" role="status">
          {state.done} of {state.items} labelled{l.said ? ` · ${l.said}` : ''}
        </p>
      )}
      <ErrorMessage>{l.error}</ErrorMessage>
      {!state && !l.error && <p className="loading">Loading the audit…</p>}
      {current && <ItemCard page={current} position={cursor + 1} total={items.length} busy={l.busy} onChoose={(k) => void l.choose(k)} />}
      {state && !current && <p className="notice">Nothing left for you to label in this audit. Thank you.</p>}
      <div className="row">
        <button type="button" onClick={() => l.move(-1)} disabled={cursor === 0}>
          Previous (k)
        </button>
        <button type="button" onClick={() => l.move(1)} disabled={cursor >= items.length - 1}>
          Next (j)
        </button>
        <button type="button" onClick={() => void l.undo()} disabled={!l.canUndo || l.busy}>
          Undo (u)
        </button>
      </div>
    </section>
  );
}

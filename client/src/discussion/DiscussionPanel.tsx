import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { call } from '../apiCall';
import { useResource } from '../resources/useResource';
import { comments } from '../../../shared/api/comments';
import { FLAG_REASON_LABEL, FLAG_REASONS, MAX_COMMENT_CHARS, type CommentView, type FlagReason, type ThreadView } from '../../../shared/schemas/comments';
import './discussion.css';
import { Visible } from '../text/Visible';
import { ErrorMessage, LoadError } from '../components/ErrorMessage';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** A comment's number in the list the viewer sees (ids are random, so they are not shown). */
type Numbering = ReadonlyMap<string, number>;
const numbering = (view: ThreadView): Numbering => new Map(view.comments.map((c, i) => [c.id, i + 1]));

function Comment({ c, n, fresh, canResolve, onReply, onResolve, onReopen }: { c: CommentView; n: Numbering; fresh: boolean; canResolve: boolean; onReply: (c: CommentView) => void; onResolve: (c: CommentView) => void; onReopen: (c: CommentView) => void }) {
  const openFlag = c.kind === 'flag' && c.resolved === null;
  return (
    <li className={`comment${c.kind === 'flag' ? ' flag' : ''}${c.fromStaff ? ' staff' : ''}`} data-testid="comment">
      <p className="comment-head">
        <strong>{c.author}</strong>
        {c.kind === 'flag' && <span className={`badge ${openFlag ? 'open-flag' : 'resolved'}`}>flag: {FLAG_REASON_LABEL[c.reason ?? 'other']}</span>}
        {fresh && <span className="badge new">new</span>}
        <span className="muted">
          {when(c.createdAt)} · thread: {c.thread}
          {c.replyTo !== null && n.has(c.replyTo) && ` · reply to #${n.get(c.replyTo)}`}
        </span>
      </p>
      <p className="comment-body">
        <Visible text={c.body} />
      </p>
      {c.resolved && (
        <p className="muted">
          Resolved by {c.resolved.by} at {when(c.resolved.at)}
        </p>
      )}
      {canResolve && (
        <p className="row">
          <button type="button" onClick={() => onReply(c)} aria-label={`Reply to comment ${n.get(c.id)} by ${c.author}`}>
            Reply
          </button>
          {openFlag && (
            <button type="button" onClick={() => onResolve(c)} aria-label={`Close flag ${n.get(c.id)}`}>
              Close flag
            </button>
          )}
          {c.kind === 'flag' && !openFlag && (
            <button type="button" onClick={() => onReopen(c)} aria-label={`Reopen flag ${n.get(c.id)}`}>
              Reopen flag
            </button>
          )}
        </p>
      )}
    </li>
  );
}

/** Remembers which comments were unread when first shown, so they stay marked "new" after the read mark is sent. */
function useFreshIds(view: ThreadView | undefined): ReadonlySet<string> {
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unread = view?.comments.filter((c) => c.unread).map((c) => c.id) ?? [];
  const missing = unread.filter((id) => !fresh.has(id));
  if (missing.length > 0) setFresh(new Set([...fresh, ...missing]));
  return fresh;
}

/** Send the read mark for what the thread shows (once per new unread comment). */
function useMarkRead(questionId: string, view: ThreadView | undefined): void {
  const sent = useRef(new Set<string>());
  const last = view?.comments.filter((c) => c.unread).at(-1)?.id ?? null;
  useEffect(() => {
    if (last === null || sent.current.has(last)) return;
    sent.current.add(last);
    void call(comments.markRead, { params: { questionId }, body: { upTo: last } }).catch(() => undefined /* still unread: counted again next time */);
  }, [questionId, last]);
}

type Kind = 'comment' | 'flag';

function Composer({ questionId, replyTo, replyNumber, staff, onCancelReply }: { questionId: string; replyTo: CommentView | null; replyNumber: number | undefined; staff: boolean; onCancelReply: () => void }) {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<Kind>('comment');
  const [reason, setReason] = useState<FlagReason>('unclear');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  async function send(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const body = kind === 'flag' ? { kind, reason, body: text } : { kind, body: text, ...(replyTo ? { replyTo: replyTo.id } : {}) };
      await call(comments.post, { params: { questionId }, body });
      setText('');
      setKind('comment');
      setError(null);
      onCancelReply();
    } catch (err) {
      setError(errorText(err, 'The comment could not be posted.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="composer" onSubmit={(e) => void send(e) /* shows its own error */} aria-label="New comment">
      {replyTo ? (
        <p className="row">
          <span>
            Replying to {replyTo.author} (#{replyNumber}, thread: {replyTo.thread})
          </span>
          <button type="button" onClick={onCancelReply}>
            Cancel reply
          </button>
        </p>
      ) : (
        staff && <p className="muted">Without “Reply” on a comment, your note goes to both annotators.</p>
      )}
      {!replyTo && (
        <fieldset className="row kind">
          <legend>Kind</legend>
          <label className="inline">
            <input type="radio" name="comment-kind" checked={kind === 'comment'} onChange={() => setKind('comment')} /> {staff ? 'Note' : 'Question or comment'}
          </label>
          <label className="inline">
            <input type="radio" name="comment-kind" checked={kind === 'flag'} onChange={() => setKind('flag')} /> Flag the problem
          </label>
          {kind === 'flag' && (
            <label className="inline">
              Reason
              <select value={reason} onChange={(e) => setReason(e.target.value as FlagReason)}>
                {FLAG_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {FLAG_REASON_LABEL[r]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
      )}
      <label>
        {replyTo ? 'Your reply' : kind === 'flag' ? 'What is wrong' : 'Your comment'}
        <textarea ref={input} rows={3} value={text} maxLength={MAX_COMMENT_CHARS} onChange={(e) => setText(e.target.value)} />
      </label>
      <p className="row">
        <button type="submit" className="primary" disabled={busy || text.trim() === ''}>
          {replyTo ? 'Send reply' : kind === 'flag' ? 'Flag' : 'Post'}
        </button>
        {error && (
          <span className="error" role="alert">
            {error}
          </span>
        )}
      </p>
    </form>
  );
}

/**
 * A link to the discussion (`#discussion`, as flag links are) lands on it: once the thread has
 * loaded, the page scrolls to it and keyboard focus moves onto it, once per arrival.
 */
function useFocusFromLink(loaded: boolean) {
  const section = useRef<HTMLElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current || window.location.hash !== '#discussion') return;
    done.current = true;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [loaded]);
  return section;
}

/** A problem's discussion: the comments the viewer may see (blind rules on the server), a form to post, staff replies and resolutions. */
export function DiscussionPanel({ questionId }: { questionId: string }) {
  const loaded = useResource(comments.list, { params: { questionId } });
  const view = loaded.data;
  const fresh = useFreshIds(view);
  useMarkRead(questionId, view);
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const numbered: Numbering = view ? numbering(view) : new Map();
  const section = useFocusFromLink(view !== undefined);

  async function reopen(c: CommentView) {
    try {
      await call(comments.reopen, { params: { questionId, commentId: c.id } });
      setError(null);
    } catch (err) {
      setError(errorText(err, 'The flag could not be reopened.'));
    }
  }

  async function resolve(c: CommentView) {
    try {
      await call(comments.resolve, { params: { questionId, commentId: c.id } });
      setError(null);
    } catch (err) {
      setError(errorText(err, 'The flag could not be resolved.'));
    }
  }

  return (
    <section ref={section} tabIndex={-1} className="card discussion" id="discussion" aria-labelledby="discussion-title">
      <h2 id="discussion-title">
        Discussion {view && view.openFlags > 0 && <span className="badge open-flag">{view.openFlags === 1 ? '1 open flag' : `${view.openFlags} open flags`}</span>}
      </h2>
      <LoadError error={loaded.error} fallback="The discussion could not be loaded." />
      {view && !view.othersShown && <p className="muted">The other annotator’s comments are shown once you have both submitted; until then staff replies to you are yours alone.</p>}
      {view && (view.comments.length === 0 ? <p className="muted">No comments yet.</p> : (
        <ol className="comments" aria-label="Comments">
          {view.comments.map((c) => (
            <Comment key={c.id} c={c} n={numbered} fresh={fresh.has(c.id)} canResolve={view.canResolve} onReply={setReplyTo} onResolve={(x) => void resolve(x)} onReopen={(x) => void reopen(x)} />
          ))}
        </ol>
      ))}
      <ErrorMessage>{error}</ErrorMessage>
      {view && <Composer questionId={questionId} replyTo={replyTo} replyNumber={replyTo ? numbered.get(replyTo.id) : undefined} staff={view.canResolve} onCancelReply={() => setReplyTo(null)} />}
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { pilots } from '../../../../../shared/api/pilots';
import type { ReviewQuestion, ReviewQuestionBody } from '../../../../../shared/schemas/pilots';
import { Visible } from '../../../text/Visible';
import { showInvisibles } from '../../../../../shared/writing/invisible';

interface Props {
  study: string;
  item: ReviewQuestion;
  onReviewed: (item: ReviewQuestion) => void;
}

const kqLabel = (i: number | null) => (i === null ? '' : ` (key question ${i + 1})`);
const labelText = (hit: boolean, kq: number | null) => (hit ? `hit${kqLabel(kq)}` : 'no hit');

/** One pilot question beside its best-matching key question: confirm the live label, or correct it. */
export function ReviewItem({ study, item, onReviewed }: Props) {
  const start = item.reviewed ?? { hit: item.liveHit, keyQuestion: item.liveKeyQuestion, note: '' };
  const [hit, setHit] = useState(start.hit);
  const [keyQuestion, setKeyQuestion] = useState<number | null>(start.keyQuestion ?? (item.matched >= 0 ? item.matched : null));
  const [note, setNote] = useState(start.note);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'error'; message: string } | { kind: 'saved'; text: string }>({ kind: 'idle' });
  const headingId = useId();
  const matched = item.matched >= 0 ? item.keyQuestions[item.matched] : undefined;
  const corrected = item.reviewed !== null && (item.reviewed.hit !== item.liveHit || item.reviewed.keyQuestion !== item.liveKeyQuestion);

  async function send(body: ReviewQuestionBody, said: string) {
    setState({ kind: 'busy' });
    try {
      const saved = await call(pilots.review, { params: { study, id: String(item.id) }, body });
      onReviewed(saved);
      setState({ kind: 'saved', text: said });
    } catch (err) {
      const message = err instanceof ApiError ? (err.issues.length > 0 ? err.issues.map((i) => `${i.path}: ${i.message}`).join('; ') : err.message) : String(err);
      setState({ kind: 'error', message });
    }
  }

  function correct(e: FormEvent) {
    e.preventDefault();
    void send({ version: item.version, hit, keyQuestion: hit ? keyQuestion : null, note }, `Saved: ${labelText(hit, hit ? keyQuestion : null)}.`);
  }

  return (
    <li className="card review-item" aria-labelledby={headingId} data-testid={`review-${item.id}`}>
      <div className="row">
        <h2 id={headingId}>
          Task {item.taskId}, {item.alias}’s question {item.turn + 1}
        </h2>
        <span className="spacer" />
        <span className={`badge ${item.liveHit ? 'live-hit' : ''}`}>live: {labelText(item.liveHit, item.liveKeyQuestion)}</span>
        {item.reviewed && (
          <span className={`badge ${corrected ? 'corrected' : 'reviewed'}`}>
            {corrected ? 'corrected' : 'confirmed'} by {item.reviewed.by}: {labelText(item.reviewed.hit, item.reviewed.keyQuestion)}
          </span>
        )}
      </div>
      <div className="review-sides">
        <section aria-label="The pilot's question">
          <h3>Pilot asked</h3>
          <p className="said">
            <Visible text={item.question} />
          </p>
          <h3>Answer given</h3>
          <p className="said">
            <Visible text={item.answer} />
          </p>
        </section>
        <section aria-label="Best-matching key question">
          <h3>
            Best match{matched ? `: key question ${item.matched + 1}` : ''} · similarity {item.similarity.toFixed(2)}
          </h3>
          {matched ? (
            <>
              <p className="said">
                <Visible text={matched.question} />
              </p>
              <p className="muted said">
                Answer: <Visible text={matched.answer} /> · {matched.type ?? 'unattributed'}
              </p>
            </>
          ) : (
            <p className="muted">The task has no key question.</p>
          )}
        </section>
      </div>
      <form className="review-form" onSubmit={correct} aria-label={`Review question ${item.turn + 1} of ${item.alias} on task ${item.taskId}`}>
        <button type="button" className="primary" disabled={state.kind === 'busy'} onClick={() => void send({ version: item.version, hit: item.liveHit, keyQuestion: item.liveKeyQuestion, note }, 'Live label confirmed.')}>
          Confirm live label
        </button>
        <fieldset>
          <legend>Reviewed label</legend>
          <label className="inline">
            <input type="radio" name={`hit-${item.id}`} checked={hit} onChange={() => setHit(true)} /> Hit
          </label>
          <label className="inline">
            <input type="radio" name={`hit-${item.id}`} checked={!hit} onChange={() => setHit(false)} /> No hit
          </label>
        </fieldset>
        <label>
          Key question hit
          <select value={keyQuestion ?? ''} disabled={!hit} onChange={(e) => setKeyQuestion(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">—</option>
            {item.keyQuestions.map((k, i) => (
              <option key={i} value={i}>
                {i + 1}. {showInvisibles(k.question.length > 80 ? `${k.question.slice(0, 77)}…` : k.question)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Note
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        </label>
        <button type="submit" disabled={state.kind === 'busy'}>
          Save label
        </button>
        {state.kind === 'saved' && (
          <span className="success" role="status">
            {state.text}
          </span>
        )}
        {state.kind === 'error' && (
          <span className="error" role="alert">
            {state.message}
          </span>
        )}
      </form>
    </li>
  );
}

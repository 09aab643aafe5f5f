import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilotCode } from '../../../../shared/api/pilotCode';
import type { QuestionnaireScope, QuestionnaireView } from '../../../../shared/pilots/questionnaires';
import { ErrorMessage } from '../../components/ErrorMessage';

const TITLES: Record<QuestionnaireScope, string> = { task: 'About this task', study: 'About the whole study (NASA Task Load Index)' };

/** A questionnaire once it is open and unanswered: one radio scale per question, sent in one go. */
export function Questionnaire({ sessionId, scope, refreshKey, onAnswered }: { sessionId: number; scope: QuestionnaireScope; refreshKey: string; onAnswered?: () => void }) {
  const id = String(sessionId);
  const [view, setView] = useState<QuestionnaireView | null>(null);
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Asked again when the task moves on (submitted, skipped): an answer from before, still closed, must not hide the one now open.
    let live = true;
    void call(pilotCode.questionnaire, { params: { id }, query: { scope } }).then(
      (loaded) => live && setView(loaded),
      () => live && setView(null),
    );
    return () => {
      live = false;
    };
  }, [id, scope, refreshKey]);
  if (!view || !view.open) return null;
  if (view.answers) return <p className="success small">Thank you: your answers {scope === 'task' ? 'on this task' : 'on the study'} are saved.</p>;

  async function send() {
    setError(null);
    try {
      setView(await call(pilotCode.answerQuestionnaire, { params: { id }, body: { scope, answers } }));
      onAnswered?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The answers could not be saved.');
    }
  }
  const headingId = `questionnaire-${scope}-h`;
  return (
    <section className="card questionnaire" aria-labelledby={headingId}>
      <h2 id={headingId}>{TITLES[scope]}</h2>
      {view.questions.map((q) => (
        <fieldset key={q.id}>
          <legend>{q.text}</legend>
          <div className="scale">
            <span className="muted small">{q.low}</span>
            {Array.from({ length: q.max - q.min + 1 }, (_, i) => q.min + i).map((v) => (
              <label key={v}>
                <input type="radio" name={`${scope}-${q.id}`} value={v} checked={answers[q.id] === v} onChange={() => setAnswers((a) => ({ ...a, [q.id]: v }))} />
                {v}
              </label>
            ))}
            <span className="muted small">{q.high}</span>
          </div>
        </fieldset>
      ))}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="row">
        <button type="button" className="primary" onClick={() => void send()} disabled={view.questions.some((q) => answers[q.id] === undefined)}>
          Send answers
        </button>
      </div>
    </section>
  );
}

import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { questionProblem } from './questionRule';

interface Props {
  /** False after the last round (or past the time limit): only "Write code" remains. */
  canAsk: boolean;
  /** The next response is the last allowed: code, or a question that ends the task. */
  lastResponse: boolean;
  timeUp: boolean;
  /** Ask one question; resolves with an error message to show (the server's word is final), or null. */
  onAsk: (question: string) => Promise<string | null>;
  onWriteCode: () => void;
  busy: boolean;
}

/**
 * One turn of the pilot: ask one question, or write the code. After the last round only
 * "Write code" remains. Ctrl+Enter asks.
 */
export function AskForm({ canAsk, lastResponse, timeUp, onAsk, onWriteCode, busy }: Props) {
  const [question, setQuestion] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const helpId = useId();
  const errorId = useId();
  const boxId = useId();

  async function ask(e?: FormEvent) {
    e?.preventDefault();
    const problem = questionProblem(question);
    if (problem) return setMessage(problem);
    setAsking(true);
    const refused = await onAsk(question);
    setAsking(false);
    setMessage(refused);
    if (!refused) setQuestion('');
  }

  function keys(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void ask(e);
  }

  if (!canAsk) {
    return (
      <div className="ask-form">
        <p className="notice" role="status">
          {timeUp ? 'The time for questions is up.' : 'That was the last round: no more questions.'} Write the code now.
        </p>
        <button type="button" className="primary" onClick={onWriteCode} disabled={busy}>
          Write code
        </button>
      </div>
    );
  }
  return (
    <form className="ask-form" onSubmit={(e) => void ask(e) /* onAsk reports its own failure as the refusal */} aria-label="Your turn">
      {/* Not wrapping the box: a wrapping label would take the typed text into the box's name. */}
      <label htmlFor={boxId}>Your question</label>
      <textarea
        id={boxId}
        rows={3}
        value={question}
        onChange={(e) => {
          setQuestion(e.target.value);
          if (message) setMessage(null);
        }}
        onKeyDown={keys}
        aria-describedby={message ? `${helpId} ${errorId}` : helpId}
        aria-invalid={message ? true : undefined}
      />
      {lastResponse && (
        <p className="notice" role="status" data-testid="last-response">
          Last response: write code now, or ask one last question — it ends the task without code.
        </p>
      )}
      <p id={helpId} className="muted small">
        One question per turn, under 1,000 characters; <kbd>Ctrl</kbd>+<kbd>Enter</kbd> asks it. {question.length > 0 && `${question.length} characters.`}
      </p>
      {message && (
        <p id={errorId} className="error" role="alert">
          {message}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy || asking}>
          Ask
        </button>
        <span className="muted">or</span>
        <button type="button" onClick={onWriteCode} disabled={busy || asking}>
          Write code
        </button>
      </div>
    </form>
  );
}

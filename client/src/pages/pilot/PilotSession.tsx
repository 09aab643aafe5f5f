import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilots } from '../../../../shared/api/pilots';
import { useActiveTimer } from '../../drafts/useActiveTimer';
import { Link } from '../../router';
import { budgetText } from '../../../../shared/pilots/budget';
import type { PilotSessionView } from '../../../../shared/schemas/pilots';
import { ConfirmDialog } from '../../ConfirmDialog';
import { AskForm } from './AskForm';
import { CodePanel } from './CodePanel';
import { Dialogue } from './Dialogue';
import { Questionnaire } from './Questionnaire';
import { SkipTask } from './SkipTask';
import { useCountdown, useElapsed } from './useCountdown';
import { ErrorMessage } from '../../components/ErrorMessage';

interface Props {
  view: PilotSessionView;
  onReload: () => void;
}

function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.issues.length > 0 ? err.issues.map((i) => i.message).join('; ') : err.message;
  return fallback;
}

/**
 * One task as the pilot works it, under the benchmark's protocol: only the underspecified text,
 * the rounds left, one question per turn answered at once, then the code.
 */
export function PilotSession({ view: initial, onReload }: Props) {
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [askingToCode, setAskingToCode] = useState(false);
  // Bumped by a skip or an answered questionnaire: the questionnaires check again whether they are open.
  const [skips, setSkips] = useState(0);
  const timer = useActiveTimer(view.status !== 'submitted');
  const remaining = useCountdown(view.deadline);
  const coding = view.status === 'coding' || view.status === 'submitted';
  const canAsk = view.canAsk && remaining !== 0;
  const elapsed = useElapsed(view.openedAt, view.status !== 'submitted');

  useEffect(() => {
    if (coding) document.getElementById('code-h')?.focus();
  }, [coding]);

  async function ask(question: string): Promise<string | null> {
    try {
      const r = await call(pilots.ask, { params: { id: String(view.id) }, body: { question } });
      setView((v) => ({ ...v, status: r.status, turns: [...v.turns, r.turn], roundsLeft: r.roundsLeft, budget: r.budget, roundsUsed: v.roundsUsed + 1, canAsk: r.canAsk }));
      setAnnouncement(`Answer to question ${r.turn.turn + 1}: ${r.turn.answer}${r.status === 'submitted' ? ' — that was the last response: the task has ended.' : ''}`);
      return null;
    } catch (err) {
      // 409: no more questions (last round, time is up, or another tab moved on): show the server's state.
      if (err instanceof ApiError && err.status === 409) onReload();
      return errorText(err, 'The question could not be sent.');
    }
  }

  async function writeCode() {
    setBusy(true);
    setNotice(null);
    try {
      setView(await call(pilots.startCode, { params: { id: String(view.id) }, body: {} }));
    } catch (err) {
      setNotice(errorText(err, '“Write code” failed.'));
    } finally {
      setBusy(false);
      setAskingToCode(false);
    }
  }

  /** While questions may still be asked, "Write code" ends them: it asks first. */
  function chooseWriteCode() {
    if (canAsk) setAskingToCode(true);
    else void writeCode();
  }

  const left = budgetText(view.budget);
  const endedWithoutCode = view.status === 'submitted' && view.code.version === 0;
  const showCode = coding && !endedWithoutCode;
  return (
    <section className="page pilot-task">
      {/* Sticky: the rounds and the clock stay in sight while the pilot scrolls the code. */}
      <div className="row pilot-head">
        <Link href="/pilot">← Your tasks</Link>
        <h1>
          Task {view.number} <span className="muted small">of study {view.study}</span>
        </h1>
        <span className="spacer" />
        <span className="badge rounds" data-testid="rounds-left">
          {coding
            ? `${view.turns.length} question${view.turns.length === 1 ? '' : 's'} asked · ${endedWithoutCode ? 'ended by the last question, no code' : view.status === 'submitted' ? 'submitted' : 'writing code'}`
            : left}
        </span>
        {remaining !== null && !coding && (
          <span className={`badge ${remaining < 60_000 ? 'late' : ''}`} role="timer" aria-live="off">
            {remaining === 0 ? 'Time is up: write the code' : `Time left ${formatClock(remaining)}`}
          </span>
        )}
        {elapsed !== null && coding && view.status !== 'submitted' && (
          <span className="badge" role="timer" aria-live="off" data-testid="time-on-task">
            Time on task {formatClock(elapsed)}
          </span>
        )}
      </div>
      <p className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </p>
      {/* While coding, the editor sits beside the task and the dialogue on a wide screen (under them on a narrow one). */}
      <div className={`pilot-grid${showCode ? ' coding' : ''}`}>
        <section className="card task-card" aria-labelledby="task-h">
          <h2 id="task-h">The task</h2>
          <pre className="task-text" data-testid="task-text">
            {view.text}
          </pre>
        </section>
        <section className="card pilot-chat" aria-labelledby="chat-h">
          <h2 id="chat-h">Questions</h2>
          <p className="muted small">
            Each turn, ask one question about what the task leaves open, or write the code. Questions are answered at once, as the benchmark answers a model.
          </p>
          <Dialogue turns={view.turns} />
          {!coding && <AskForm canAsk={canAsk} lastResponse={view.budget.lastResponse} timeUp={remaining === 0} onAsk={ask} onWriteCode={chooseWriteCode} busy={busy} />}
          {askingToCode && (
            <ConfirmDialog title="Write the code now?" confirmLabel="Write code now" busy={busy} onConfirm={() => void writeCode()} onCancel={() => setAskingToCode(false)}>
              <p data-testid="write-code-effect">
                This ends the questions for this task: you asked {view.turns.length} question{view.turns.length === 1 ? '' : 's'}
                {view.budget.questionsLeft > 0 ? ` and could ask ${view.budget.questionsLeft} more` : ''}. Once you write code, no further question is answered.
              </p>
            </ConfirmDialog>
          )}
          <ErrorMessage>{notice}</ErrorMessage>
        </section>
        {showCode && <CodePanel view={view} timer={timer} onSubmitted={setView} onReload={onReload} />}
      </div>
      <SkipTask sessionId={view.id} submitted={view.status === 'submitted'} onSkipped={() => setSkips((n) => n + 1)} />
      <Questionnaire sessionId={view.id} scope="task" refreshKey={`${view.status}:${skips}`} onAnswered={() => setSkips((n) => n + 1)} />
      <Questionnaire sessionId={view.id} scope="study" refreshKey={`${view.status}:${skips}`} />
    </section>
  );
}

function formatClock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilotCode } from '../../../../shared/api/pilotCode';
import type { PilotToolsView, RunCodeResult, TestCodeResult } from '../../../../shared/schemas/pilotCode';
import { TestResults } from './TestResults';
import { ErrorMessage } from '../../components/ErrorMessage';

interface Props {
  sessionId: number;
  code: string;
  submitted: boolean;
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** Hooks the page's Ctrl+Enter to the tools: the tests when they are offered, else Run. */
export type ToolKeys = { current: (() => void) | null };

/**
 * Run (the pilot's own input) and Test (the problem's public tests) under the editor. Code runs
 * only in the server's sandbox; when it is off the reason is shown instead of the buttons. In an
 * after-submit study the tests run once, on the submitted code, as soon as it is submitted.
 */
export function CodeTools({ sessionId, code, submitted, keysRef }: Props & { keysRef: ToolKeys }) {
  const id = String(sessionId);
  const [tools, setTools] = useState<PilotToolsView | null>(null);
  const [stdin, setStdin] = useState('');
  const [busy, setBusy] = useState<'run' | 'test' | null>(null);
  const [run, setRun] = useState<RunCodeResult | null>(null);
  const [tested, setTested] = useState<TestCodeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wasSubmitted = useRef(submitted);

  useEffect(() => {
    // Asked again once the code is submitted: the answer from before must not land after it.
    let live = true;
    void call(pilotCode.tools, { params: { id } }).then(
      (loaded) => live && setTools(loaded),
      (err: unknown) => live && setError(errorText(err, 'The code tools could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [id, submitted]);

  const doRun = useCallback(async () => {
    setBusy('run');
    setError(null);
    try {
      setRun(await call(pilotCode.run, { params: { id }, body: { code, stdin } }));
    } catch (err) {
      setError(errorText(err, 'Run failed.'));
    } finally {
      setBusy(null);
    }
  }, [id, code, stdin]);

  const doTest = useCallback(async () => {
    setBusy('test');
    setError(null);
    try {
      setTested(await call(pilotCode.test, { params: { id }, body: submitted ? {} : { code } }));
    } catch (err) {
      setError(errorText(err, 'Testing failed.'));
    } finally {
      setBusy(null);
    }
  }, [id, code, submitted]);

  const available = tools?.sandbox.available === true;
  const canTest = available && tools.tests.allowedNow && tools.tests.publicTests > 0;

  // The submitted code is tested at once (the after-submit condition's one test).
  useEffect(() => {
    if (submitted && !wasSubmitted.current && canTest) void doTest();
    if (tools) wasSubmitted.current = submitted;
  }, [submitted, canTest, tools, doTest]);

  // Before paint, as useLatest does: Ctrl+Enter right after a run ends acts on this render.
  useLayoutEffect(() => {
    keysRef.current = busy || !available ? null : canTest ? () => void doTest() : submitted ? null : () => void doRun();
  });

  if (!tools) return error ? <p className="error" role="alert">{error}</p> : null;
  if (!available) {
    return (
      <>
        <p className="notice" role="status" data-testid="sandbox-off">
          {tools.sandbox.reason}
        </p>
        <AtSubmit tools={tools} />
      </>
    );
  }
  return (
    <div className="code-tools">
      {!submitted && (
        <div className="row">
          <label className="stdin-label">
            Input for Run (stdin)
            <textarea value={stdin} onChange={(e) => setStdin(e.target.value)} rows={3} spellCheck={false} />
          </label>
        </div>
      )}
      <div className="row">
        {!submitted && (
          <button type="button" onClick={() => void doRun()} disabled={busy !== null}>
            {busy === 'run' ? 'Running…' : 'Run'}
          </button>
        )}
        {canTest && (
          <button type="button" onClick={() => void doTest()} disabled={busy !== null} aria-keyshortcuts="Control+Enter">
            {busy === 'test' ? 'Testing…' : submitted ? 'Test the submitted code' : 'Test'}
          </button>
        )}
        <span className="muted small">
          {canTest
            ? `Ctrl+Enter tests on the ${tools.tests.publicTests} public test${tools.tests.publicTests === 1 ? '' : 's'} (the statement's examples).`
            : tools.tests.mode === 'after-submit' && !submitted
              ? 'Ctrl+Enter runs. This study tests your code on the public tests when you submit it.'
              : ''}
        </span>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {!tested && <AtSubmit tools={tools} />}
      {run && <RunOutput run={run} />}
      {tested && <TestResults result={tested} />}
    </div>
  );
}

/** What the server's test of the submitted code found, or why it is missing. */
function AtSubmit({ tools }: { tools: PilotToolsView }) {
  const a = tools.atSubmit;
  if (!a) return null;
  return (
    <p className="muted small" data-testid="tests-at-submit">
      {a.missing ?? `Public tests at submit: ${a.passed ?? 0} of ${a.total ?? 0} passed.`}
    </p>
  );
}

function RunOutput({ run }: { run: RunCodeResult }) {
  return (
    <section aria-label="Run output" className="run-output">
      <p role="status">
        {run.timedOut ? 'Stopped at the time limit.' : `Exit code ${run.exitCode ?? '—'}`} · {run.ms} ms
        {run.truncated && ' · output cut at the output limit (1 MB by default)'}
      </p>
      <pre data-testid="run-stdout">{run.stdout}</pre>
      {run.stderr && <pre className="stderr">{run.stderr}</pre>}
    </section>
  );
}

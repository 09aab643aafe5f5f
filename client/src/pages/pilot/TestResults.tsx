import type { TestCodeResult } from '../../../../shared/schemas/pilotCode';

/** The public tests' verdicts, the first failing case open. */
export function TestResults({ result }: { result: TestCodeResult }) {
  const firstFailing = result.tests.findIndex((t) => !t.passed);
  return (
    <section aria-label="Public test results" className="test-results">
      <p role="status" data-testid="test-summary" className={result.passed === result.total ? 'success' : 'error'}>
        {result.passed} of {result.total} public test{result.total === 1 ? '' : 's'} passed
      </p>
      <ol>
        {result.tests.map((t, i) => (
          <li key={i}>
            <details open={i === firstFailing}>
              <summary>
                Test {i + 1}: {t.passed ? 'passed' : `failed — ${t.error ?? 'wrong answer'}`} <span className="muted small">({t.ms} ms)</span>
              </summary>
              <div className="test-case">
                <span>Input</span>
                <pre>{t.input}</pre>
                <span>Expected</span>
                <pre>{t.expected}</pre>
                <span>Got</span>
                <pre>{t.got}</pre>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

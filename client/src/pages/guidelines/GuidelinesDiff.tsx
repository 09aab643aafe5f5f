import type { GuidelinesDiffLine } from '../../../../shared/guidelines/diff';

const MARK: Record<GuidelinesDiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };
const SAID: Record<GuidelinesDiffLine['kind'], string> = { same: '', added: 'added: ', removed: 'removed: ' };

/** What changed between two texts of the team guidelines, line by line, as plain text (the Markdown is never rendered here). */
export function GuidelinesDiff({ lines, label }: { lines: GuidelinesDiffLine[]; label: string }) {
  const changed = lines.some((l) => l.kind !== 'same');
  if (!changed) return <p className="muted">No change: the two texts are the same.</p>;
  return (
    <ol className="guidelines-diff" aria-label={label}>
      {lines.map((l, i) => (
        <li key={i} className={`diff-${l.kind}`}>
          <span className="diff-mark" aria-hidden="true">
            {MARK[l.kind]}
          </span>
          <span className="sr-only">{SAID[l.kind]}</span>
          {l.text === '' ? '\u00a0' : l.text}
        </li>
      ))}
    </ol>
  );
}

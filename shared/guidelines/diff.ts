import { diffLines } from 'diff';

/** One line of a diff between two versions of the team guidelines. */
export interface GuidelinesDiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

const linesOf = (value: string): string[] => {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** What changed from `before` to `after`, line by line (the Markdown as text, never rendered). */
export function guidelinesDiff(before: string, after: string): GuidelinesDiffLine[] {
  return diffLines(before, after).flatMap((part) => {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    return linesOf(part.value).map((text) => ({ kind, text }));
  });
}

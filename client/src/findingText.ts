/**
 * Findings of the shared rules, for people: "points[1].checklist: answer sufficient not checked"
 * reads "Point 2: tick “answer sufficient”". The API keeps its machine paths; only the UI
 * translates them.
 */

const FIELD_LABELS: Record<string, string> = {
  deletions: 'deletion',
  repairs: 'repair',
  questions: 'question',
};

/** One path segment ("deletions[0]", "question") as words ("deletion 1", "question"). */
function segmentLabel(segment: string): string {
  const m = /^(\w+)\[(\d+)\]$/.exec(segment);
  if (!m) return segment;
  return `${FIELD_LABELS[m[1]!] ?? m[1]!} ${Number(m[2]) + 1}`;
}

/** "points[1].deletions[0]" → "Point 2, deletion 1"; "points" → "Points"; "text" → "Text". */
export function pathLabel(path: string): string {
  const segments = path.split('.').filter((s) => s !== '');
  if (segments.length === 0) return 'Points';
  const words = segments.map((s) => (/^points\[\d+\]$/.test(s) ? `point ${Number(/\d+/.exec(s)![0]) + 1}` : segmentLabel(s)));
  const label = words.join(', ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Paths quoted inside a message ("overlaps points[0].deletions[1]") as words, lower case. */
const PATH_IN_TEXT = /points\[\d+\](?:\.\w+(?:\[\d+\])?)*/g;
const inlinePaths = (message: string) => message.replace(PATH_IN_TEXT, (p) => pathLabel(p).toLowerCase());

/** What to do about a finding, in words ("tick “plausible”", "write a note: …"). */
function action(message: string): string {
  const unchecked = /^(.+) not checked$/.exec(message);
  if (unchecked) return `tick “${unchecked[1]!}”`;
  const note = /^a note is required when (.+)$/.exec(message);
  if (note) return `write a note — required when ${note[1]!}`;
  return inlinePaths(message);
}

/** A finding as one readable line: "Point 2: tick “answer sufficient”". */
export function findingText(finding: { path: string; message: string }): string {
  const where = finding.path.replace(/\.(checklist|note)$/, '');
  return `${pathLabel(where)}: ${action(finding.message)}`;
}

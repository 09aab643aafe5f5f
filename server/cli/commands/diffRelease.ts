import fs from 'node:fs';
import { diffReleases, type DiffPart, type ReleaseDiff } from '../../../shared/release/diff';
import type { ReleaseRecord } from '../../../shared/release/format';
import { releaseRecords } from '../../services/releases/releaseDiff';
import { CliError, parse, existingFile, type Command } from '../command';

/** Kept text around a change, in characters; longer kept stretches are elided. */
const CONTEXT = 40;

function elide(value: string, first: boolean, last: boolean): string {
  if (value.length <= 2 * CONTEXT) return value;
  if (first) return `…${value.slice(-CONTEXT)}`;
  if (last) return `${value.slice(0, CONTEXT)}…`;
  return `${value.slice(0, CONTEXT)}…${value.slice(-CONTEXT)}`;
}

/** A word diff as plain text: [-removed-] and {+added+}, coloured on a terminal. */
export function renderParts(parts: readonly DiffPart[], colour: boolean): string {
  const red = (s: string) => (colour ? `\x1b[31m${s}\x1b[0m` : s);
  const green = (s: string) => (colour ? `\x1b[32m${s}\x1b[0m` : s);
  return parts
    .map((p, i) => {
      if (p.op === 'removed') return red(`[-${p.value}-]`);
      if (p.op === 'added') return green(`{+${p.value}+}`);
      return elide(p.value, i === 0, i === parts.length - 1);
    })
    .join('');
}

const describe = (r: ReleaseRecord) => `${r.task_id} (${r.question_id}, K=${r.qa_pairs.length}: ${r.keywords.join(', ')})`;

/** The readable summary: counts, then every added, removed and changed task. */
export function formatReleaseDiff(diff: ReleaseDiff, colour = false): string {
  const lines = [`${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed, ${diff.unchanged} unchanged`];
  for (const r of diff.added) lines.push(`+ ${describe(r)}`);
  for (const r of diff.removed) lines.push(`- ${describe(r)}`);
  for (const c of diff.changed) {
    lines.push(`~ ${c.task_id} (${c.question_id}): ${c.fields.join(', ')}`);
    for (const d of c.diffs) lines.push(`    ${d.field}: ${renderParts(d.parts, colour).replace(/\n/g, '\n      ')}`);
  }
  return lines.join('\n');
}

/** A file that is not a release fails with its message and exit 1, like any error (runCli). */
function readRecords(file: string): ReleaseRecord[] {
  return releaseRecords(fs.readFileSync(existingFile(file), 'utf8'), file);
}

/** `diff-release <old.jsonl> <new.jsonl> [--json]`: tasks added, removed and changed, with word diffs. */
export const diffReleaseCommand: Command = {
  name: 'diff-release',
  usage: '<old.jsonl> <new.jsonl> [--json]',
  summary: 'Compare two release files by task_id: added, removed and changed tasks with word-level diffs.',
  run(argv, { io, print }) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
    if (positionals.length !== 2) throw new CliError('give two files: diff-release <old.jsonl> <new.jsonl>', 2);
    const diff = diffReleases(readRecords(positionals[0]!), readRecords(positionals[1]!));
    print(values.json ? JSON.stringify(diff, null, 2) : formatReleaseDiff(diff, Boolean(io.stdout.isTTY)));
    return 0;
  },
};

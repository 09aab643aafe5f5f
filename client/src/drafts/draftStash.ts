import type { z } from 'zod';
import type { DraftKeeper } from './draftSaver';

const PREFIX = 'ccb-draft:';

/** What a kept draft is of, in words: the annotation or gold of a problem, or a pilot task's code. */
const KINDS: Record<string, string> = { annotation: 'your annotation of', gold: 'the gold version of', 'pilot-code': 'your code of task' };

/**
 * The drafts this browser keeps for a user, named ("your annotation of abc387_b"), once each
 * whatever the versions: what a person is told waits here when they cannot log in.
 */
export function keptDraftNames(user: string): string[] {
  const names = new Set<string>();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(`${PREFIX}${user}:`)) continue;
      const [kind = '', id = ''] = key.slice(PREFIX.length + user.length + 1).split(':');
      names.add(`${KINDS[kind] ?? kind} ${id}`);
    }
  } catch {
    // storage disabled: nothing kept here
  }
  return [...names].sort();
}

export interface DraftStash<D> extends DraftKeeper<D> {
  /** The draft kept for exactly this version, if any. */
  restore: (version: number) => D | null;
}

/**
 * A draft kept in localStorage while it cannot reach the server (session ended, page closed
 * before the save), keyed by user + record + the version it was based on: a kept draft is
 * offered again only on top of that same version, so it can never overwrite newer work.
 * What comes back is read through `shape`: a value another build of the app kept, or one edited
 * by hand in the browser, is not offered as a draft it cannot be.
 */
export function draftStash<D>(user: string, kind: string, questionId: string, shape: z.ZodType<D>): DraftStash<D> {
  const key = (version: number) => `${PREFIX}${user}:${kind}:${questionId}:v${version}`;
  return {
    keep(draft, version) {
      try {
        localStorage.setItem(key(version), JSON.stringify(draft));
      } catch {
        // storage full or disabled: the draft is still kept in memory
      }
    },
    forget(version) {
      try {
        localStorage.removeItem(key(version));
      } catch {
        // nothing to forget
      }
    },
    restore(version) {
      try {
        const text = localStorage.getItem(key(version));
        if (text === null) return null;
        const kept = shape.safeParse(JSON.parse(text));
        return kept.success ? kept.data : null;
      } catch {
        return null;
      }
    },
  };
}

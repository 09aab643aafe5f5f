import type { DraftKeeper } from './draftSaver';

export interface DraftStash<D> extends DraftKeeper<D> {
  /** The draft kept for exactly this version, if any. */
  restore: (version: number) => D | null;
}

/**
 * A draft kept in localStorage while it cannot reach the server (session ended, page closed
 * before the save), keyed by user + record + the version it was based on: a kept draft is
 * offered again only on top of that same version, so it can never overwrite newer work.
 */
export function draftStash<D>(user: string, kind: string, questionId: string): DraftStash<D> {
  const key = (version: number) => `ccb-draft:${user}:${kind}:${questionId}:v${version}`;
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
        return text === null ? null : (JSON.parse(text) as D);
      } catch {
        return null;
      }
    },
  };
}

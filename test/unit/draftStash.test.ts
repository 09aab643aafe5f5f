import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { draftStash, keptDraftNames } from '../../client/src/drafts/draftStash';

/** The browser's localStorage, as a Map the test can look into and spoil. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

const code = z.object({ code: z.string(), language: z.literal('python') });

describe('drafts kept in the browser while the server cannot be reached', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('offers a kept draft again only on top of the version it was based on', () => {
    const stash = draftStash('ada', 'pilot-code', '7', code);
    stash.keep({ code: 'print(1)', language: 'python' }, 3);
    expect(stash.restore(3)).toEqual({ code: 'print(1)', language: 'python' });
    expect(stash.restore(4)).toBeNull();
    expect(keptDraftNames('ada')).toEqual(['your code of task 7']);
    expect(keptDraftNames('alice')).toEqual([]);
    stash.forget(3);
    expect(stash.restore(3)).toBeNull();
  });

  it('does not offer a kept value that is not a draft of its kind (another build kept it, or it was edited by hand)', () => {
    const stash = draftStash('ada', 'pilot-code', '7', code);
    stash.keep({ code: 'print(1)', language: 'python' }, 3);
    const [key] = storage.items.keys();
    storage.setItem(key!, JSON.stringify({ code: 42, language: 'python' }));
    expect(stash.restore(3)).toBeNull();
    storage.setItem(key!, '{"code": "print(1)", ');
    expect(stash.restore(3)).toBeNull();
  });

  it('keeps a user’s drafts apart from another user’s in the same browser', () => {
    draftStash('ada', 'annotation', 'abc387_b', code).keep({ code: 'a', language: 'python' }, 1);
    expect(draftStash('alice', 'annotation', 'abc387_b', code).restore(1)).toBeNull();
    expect(draftStash('ada', 'annotation', 'abc387_b', code).restore(1)).toEqual({ code: 'a', language: 'python' });
  });
});

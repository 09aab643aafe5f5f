import type { KeyboardEvent } from 'react';

/**
 * Selecting read-only text without a mouse (the editor's statement, the gold text): the text is
 * focusable, arrows move a caret through it (from its start, the first time) and Shift+arrows
 * extend the selection (Ctrl for words, Home/End for the line), so 1–3 and r work from the
 * keyboard alone. Chromium moves selections in read-only text through
 * Selection.modify; nothing here changes the text.
 */
const MOVES: Record<string, { direction: 'forward' | 'backward'; granularity: string }> = {
  ArrowRight: { direction: 'forward', granularity: 'character' },
  ArrowLeft: { direction: 'backward', granularity: 'character' },
  ArrowDown: { direction: 'forward', granularity: 'line' },
  ArrowUp: { direction: 'backward', granularity: 'line' },
  End: { direction: 'forward', granularity: 'lineboundary' },
  Home: { direction: 'backward', granularity: 'lineboundary' },
};

export function moveSelectionByKey(e: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[e.key];
  const sel = window.getSelection();
  if (!move || !sel || e.altKey || e.metaKey) return;
  if (sel.rangeCount === 0 || !e.currentTarget.contains(sel.anchorNode)) placeCaretAtStart(e.currentTarget);
  const granularity = e.ctrlKey && move.granularity === 'character' ? 'word' : move.granularity;
  sel.modify(e.shiftKey ? 'extend' : 'move', move.direction, granularity);
  e.preventDefault();
}

function placeCaretAtStart(root: HTMLElement): void {
  const first = document.createTreeWalker(root, NodeFilter.SHOW_TEXT).nextNode();
  if (first) window.getSelection()?.collapse(first, 0);
}


/** The deletion (an element with data-start, matching `selector`) holding the caret, if any, inside `root`. */
export function deletionAtCaret(root: HTMLElement, selector: string): HTMLElement | null {
  const node = window.getSelection()?.anchorNode ?? null;
  const el = node?.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element | null);
  const hit = el?.closest<HTMLElement>(selector) ?? null;
  return hit && root.contains(hit) ? hit : null;
}

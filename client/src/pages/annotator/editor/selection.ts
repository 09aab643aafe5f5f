import type { Range } from '../../../../../shared/edits';

/**
 * DOM selection → base-text offsets. Every element holding base text carries
 * data-start/data-end; markers (repairs) hold no base text and are skipped, so a
 * point inside one maps to the next base offset.
 */
function offsetOf(root: HTMLElement, node: Node, offset: number, baseLength: number): number {
  const spans = root.querySelectorAll<HTMLElement>('[data-start]');
  let after = 0;
  for (const span of spans) {
    const contents = document.createRange();
    contents.selectNodeContents(span);
    const where = contents.comparePoint(node, offset);
    const start = Number(span.dataset.start);
    if (where < 0) return start;
    if (where === 0) {
      const before = document.createRange();
      before.setStart(span, 0);
      before.setEnd(node, offset);
      return Math.min(start + before.toString().length, Number(span.dataset.end));
    }
    after = Number(span.dataset.end);
  }
  return Math.min(after, baseLength);
}

export interface TextSelection {
  range: Range;
  collapsed: boolean;
}

/** The current selection in base-text offsets, or null when it is not inside `root`. */
export function readSelection(root: HTMLElement | null, baseLength: number): TextSelection | null {
  const sel = window.getSelection();
  if (!root || !sel || sel.rangeCount === 0) return null;
  const r = sel.getRangeAt(0);
  if (!r.intersectsNode(root) || !(root.contains(r.startContainer) || root.contains(r.endContainer))) return null;
  const start = root.contains(r.startContainer) ? offsetOf(root, r.startContainer, r.startOffset, baseLength) : 0;
  const end = root.contains(r.endContainer) ? offsetOf(root, r.endContainer, r.endOffset, baseLength) : baseLength;
  return { range: [Math.min(start, end), Math.max(start, end)], collapsed: start === end };
}

export function clearSelection(): void {
  window.getSelection()?.removeAllRanges();
}

/** Put a collapsed caret at base offset `offset` (keyboard users keep their place after an edit). */
export function placeCaret(root: HTMLElement | null, offset: number): void {
  const sel = window.getSelection();
  if (!root || !sel) return;
  for (const span of root.querySelectorAll<HTMLElement>('[data-start]')) {
    const start = Number(span.dataset.start);
    const end = Number(span.dataset.end);
    const text = span.firstChild;
    if (offset < start || offset > end || !(text instanceof Text)) continue;
    const range = document.createRange();
    range.setStart(text, Math.min(offset - start, text.length));
    range.collapse(true);
    sel.removeAllRanges();
    sel.addRange(range);
    return;
  }
}

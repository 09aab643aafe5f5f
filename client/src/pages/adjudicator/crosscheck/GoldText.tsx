import { useRef, useState, type KeyboardEvent } from 'react';
import { applyEdits, type Range } from '../../../../../shared/edits';
import type { GoldPoint } from '../../../../../shared/schemas/adjudication';
import { deletionAtCaret, moveSelectionByKey } from '../../../keyboardSelection';
import { deleteRefusal } from './slots';

interface Piece {
  start: number;
  end: number;
  owner: number;
}

function pieces(length: number, points: readonly GoldPoint[]): Piece[] {
  const owner = new Array<number>(length).fill(-1);
  points.forEach((p, i) => p.deletions.forEach(([s, e]) => owner.fill(i, Math.max(0, s), Math.min(length, e))));
  const out: Piece[] = [];
  for (let k = 0; k < length; k++) {
    const last = out[out.length - 1];
    if (last && last.owner === owner[k]) last.end = k + 1;
    else out.push({ start: k, end: k + 1, owner: owner[k]! });
  }
  return out;
}

/** Base-text offset of a DOM position inside a span carrying data-start. */
function offsetAt(node: Node, offset: number): number | null {
  const el = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element);
  const holder = el?.closest<HTMLElement>('[data-start]');
  if (!holder) return null;
  return Number(holder.dataset.start) + (node.nodeType === Node.TEXT_NODE ? offset : 0);
}

function readSelection(root: HTMLElement | null): Range | null {
  const sel = window.getSelection();
  if (!root || !sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const r = sel.getRangeAt(0);
  if (!root.contains(r.startContainer) || !root.contains(r.endContainer)) return null;
  const start = offsetAt(r.startContainer, r.startOffset);
  const end = offsetAt(r.endContainer, r.endOffset);
  if (start === null || end === null || start === end) return null;
  return [Math.min(start, end), Math.max(start, end)];
}

interface Props {
  base: string;
  points: readonly GoldPoint[];
  readOnly: boolean;
  onDelete: (point: number, range: Range) => void;
  onRestore: (point: number, offset: number) => void;
  /** Why a key 1–3 did nothing, for the page's status line. */
  onRefuse: (message: string) => void;
}


/**
 * The gold version live: the base text with each gold point's deletions struck in its colour
 * (select text and press 1–3 to delete it for that point; click a deletion to restore it), and
 * the merged underspecified text below.
 */
export function GoldText({ base, points, readOnly, onDelete, onRestore, onRefuse }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Range | null>(null);
  const remember = () => setSelection(readSelection(root.current));
  const apply = (point: number) => {
    const range = selection ?? readSelection(root.current);
    const refused = deleteRefusal(point, points.length, readOnly, range !== null);
    if (refused || !range) {
      if (refused) onRefuse(`${point + 1}: ${refused}`);
      return;
    }
    onDelete(point, range);
    window.getSelection()?.removeAllRanges();
    setSelection(null);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    moveSelectionByKey(e);
    // Enter with the caret in a deletion restores it (the keyboard's click).
    const struck = e.key === 'Enter' && !readOnly ? deletionAtCaret(e.currentTarget, 'del[data-start]') : null;
    const piece = struck && pieces(base.length, points).find((p) => p.start === Number(struck.dataset.start) && p.owner >= 0);
    if (piece) {
      e.preventDefault();
      onRestore(piece.owner, piece.start);
      return;
    }
    const n = Number(e.key);
    if (n >= 1 && n <= 3) {
      e.preventDefault();
      apply(n - 1);
    }
  };
  return (
    <div className="gold-text">
      <div className="row gold-text-tools" role="toolbar" aria-label="Gold deletions">
        <span className="muted">{readOnly ? 'Resolved: read-only.' : 'Select text (mouse, or Shift+arrows in the text), then delete it for a gold point (keys 1–3); click a deletion (or Enter in it) to restore it.'}</span>
        <span className="spacer" />
        {points.map((_, i) => (
          <button key={i} type="button" className={`delete-for p${i + 1}`} disabled={readOnly || !selection} onMouseDown={(e) => e.preventDefault()} onClick={() => apply(i)}>
            Delete selection for gold point {i + 1}
          </button>
        ))}
      </div>
      <div ref={root} className="base-text gold-base" aria-label="Gold deletions in the base text" tabIndex={0} onMouseUp={remember} onKeyUp={remember} onKeyDown={onKey}>
        {pieces(base.length, points).map((p) =>
          p.owner < 0 ? (
            <span key={p.start} data-start={p.start}>
              {base.slice(p.start, p.end)}
            </span>
          ) : (
            <del
              key={p.start}
              data-start={p.start}
              className={`deleted p${p.owner + 1}`}
              title={`Deleted for gold point ${p.owner + 1}${readOnly ? '' : ' — click to restore'}`}
              onClick={() => !readOnly && window.getSelection()?.isCollapsed !== false && onRestore(p.owner, p.start)}
            >
              {base.slice(p.start, p.end)}
            </del>
          ),
        )}
      </div>
      <details>
        <summary>Merged text (all gold points applied)</summary>
        <div className="base-text merged-text" data-testid="merged-text">
          {applyEdits(base, points)}
        </div>
      </details>
    </div>
  );
}

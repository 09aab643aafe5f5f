import type { MouseEvent, ReactNode } from 'react';
import { MAX_POINTS, type Point } from '../../../../../shared/edits';

interface Props {
  points: Point[];
  onDelete: (point: number) => void;
  onRepair: () => void;
  onAddPoint: () => void;
  /** The undo/redo buttons. */
  children?: ReactNode;
}

// mousedown is cancelled so pressing a button keeps the text selection it acts on.
const keepSelection = (e: MouseEvent) => e.preventDefault();

/**
 * Every button is there from the start (a point that does not exist yet answers with the key to
 * press, as its key does), so the toolbar keeps its size and the statement below never moves.
 */
export function Toolbar({ points, onDelete, onRepair, onAddPoint, children }: Props) {
  const slots = Array.from({ length: MAX_POINTS }, (_, i) => i);
  return (
    <div className="toolbar" role="toolbar" aria-label="Edit the statement">
      <span className="muted small">Select text, then</span>
      {slots.map((i) => (
        <button key={i} type="button" className={`delete-btn p${i + 1}`} onMouseDown={keepSelection} onClick={() => onDelete(i)} title={`Delete the selection for point ${i + 1} (key ${i + 1})`}>
          <kbd>{i + 1}</kbd> Delete for point {i + 1}
        </button>
      ))}
      <button type="button" onMouseDown={keepSelection} onClick={onRepair} disabled={points.every((p) => p.deletions.length === 0)} title="Repair next to a deletion (key r)">
        <kbd>r</kbd> Repair
      </button>
      <span className="spacer" />
      {children}
      <button type="button" className="link" onClick={onAddPoint} disabled={points.length >= MAX_POINTS}>
        + Add point
      </button>
    </div>
  );
}

import './undoButtons.css';

interface Props {
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
  onUndo: () => void;
  onRedo: () => void;
  disabled?: boolean;
}

/** Toolbar buttons for the page's own undo/redo history (Ctrl+Z / Ctrl+Shift+Z). */
export function UndoButtons({ canUndo, canRedo, undoLabel, redoLabel, onUndo, onRedo, disabled = false }: Props) {
  return (
    <span className="undo-buttons" role="group" aria-label="History">
      <button type="button" onClick={onUndo} disabled={disabled || !canUndo} title={undoLabel ? `Undo ${undoLabel} (Ctrl+Z)` : 'Nothing to undo'}>
        ↶ Undo
      </button>
      <button type="button" onClick={onRedo} disabled={disabled || !canRedo} title={redoLabel ? `Redo ${redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
        ↷ Redo
      </button>
    </span>
  );
}

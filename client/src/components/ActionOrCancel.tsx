/**
 * An inline form's one action beside Cancel, in a row: the resolve confirmation, a task
 * override's editor. `autoFocus` puts the focus on the action when the row appears.
 */
export function ActionOrCancel({ label, onAction, onCancel, disabled = false, autoFocus = false }: { label: string; onAction: () => void; onCancel: () => void; disabled?: boolean; autoFocus?: boolean }) {
  return (
    <div className="row">
      <button type="button" className="primary" disabled={disabled} autoFocus={autoFocus} onClick={onAction}>
        {label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  /** The question, e.g. "Cut release v3?": the dialog's accessible name. */
  title: string;
  /** What will change, in numbers and names: the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  /** While the confirmed step runs: the buttons wait and Esc does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside the dialog, so the keyboard never wanders off behind it. */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The one confirmation before a step that cannot be undone: a modal dialog that says what will
 * change and asks. Mount it to ask, unmount it to close. It takes focus on its confirm button
 * (Enter confirms), keeps Tab inside, Esc cancels, and focus goes back where it was unless the
 * confirmed step has put it somewhere new.
 */
export function ConfirmDialog({ title, children, confirmLabel, busy = false, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const el = dialog.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    confirm.current?.focus();
    return () => {
      const focusLost = document.activeElement === null || document.activeElement === document.body || el?.contains(document.activeElement);
      el?.close();
      if (focusLost && returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault(); // React decides when it closes: on unmount
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="confirm-body">
        {children}
      </div>
      <div className="row confirm-actions">
        <button ref={confirm} type="button" className="primary" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

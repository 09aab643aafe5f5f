import { useId, useState, type KeyboardEvent } from 'react';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS, type AmbiguityType } from '../../../../../shared/taxonomy';
import { GUIDELINE_TYPES } from '../../../../../shared/guidelines/types';
import { typeForKey, typeKeyHint } from './typeKeys';

interface Props {
  value: AmbiguityType | null;
  readOnly: boolean;
  invalid: boolean;
  onChoose: (type: AmbiguityType | null) => void;
}

/** The focused type's worked example: what comparing two types needs besides their definitions. */
function Example({ type }: { type: AmbiguityType }) {
  const example = GUIDELINE_TYPES.find((t) => t.name === type)!.example;
  return (
    <p className="type-example small" data-testid="type-example">
      <b>{type}</b>: {TYPE_DEFINITIONS[type]} <span className="muted">Example:</span> “{example.text}” — delete “{example.deleted.trim()}”; ask “{example.question}”; answer “{example.answer}”
    </p>
  );
}

/**
 * The ambiguity type as a listbox: all 11 types with their one-line definitions while it has the
 * focus (so they can be compared), only the chosen one otherwise. Moving selects, as a native
 * select does: arrows, Home/End, digits (1–9, 0 for the tenth), a first letter cycling among
 * the types that share it; Backspace clears.
 */
export function TypePicker({ value, readOnly, invalid, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const definitionId = useId();
  const optionId = (i: number) => `${labelId}-t${i}`;
  const chosen = value === null ? -1 : AMBIGUITY_TYPES.indexOf(value);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (value === null) onChoose(AMBIGUITY_TYPES[0]);
      return;
    }
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      onChoose(null);
      return;
    }
    const next = typeForKey(e.key, value);
    if (next === undefined) return;
    e.preventDefault();
    setOpen(true);
    if (next !== value) onChoose(next);
  };
  return (
    <div className={`type-picker${open && !readOnly ? ' open' : ''}`}>
      <span id={labelId} className="type-picker-label">
        Ambiguity type
      </span>
      {/* The slot keeps one row's height: opening lays the list over what follows, so nothing below moves under the pointer. */}
      <div className="type-slot">
        <div className="type-popup">
          <div
            role="listbox"
            tabIndex={readOnly ? -1 : 0}
            aria-labelledby={labelId}
            aria-describedby={definitionId}
            aria-activedescendant={chosen >= 0 ? optionId(chosen) : undefined}
            aria-invalid={invalid}
            aria-disabled={readOnly || undefined}
            className="type-listbox"
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          >
            {value === null && (
              <span className="type-placeholder muted" aria-hidden="true">
                Choose a type…
              </span>
            )}
            {AMBIGUITY_TYPES.map((t, i) => (
              <div
                key={t}
                id={optionId(i)}
                role="option"
                aria-selected={t === value}
                aria-describedby={`${optionId(i)}-definition`}
                className="type-option"
                onMouseDown={(e) => {
                  if (readOnly) return;
                  // Open, a click chooses and closes, as a native select's list does; closed, it opens the list.
                  const focused = e.currentTarget.parentElement === document.activeElement;
                  if (focused) e.preventDefault();
                  if (open) onChoose(t);
                  setOpen(!open || !focused);
                }}
              >
                <kbd aria-hidden="true">{typeKeyHint(i)}</kbd>
                <b>{t}</b>
                {/* The option's name is the type alone; its definition describes it. */}
                <span id={`${optionId(i)}-definition`} className="type-option-definition muted" aria-hidden="true">{TYPE_DEFINITIONS[t]}</span>
              </div>
            ))}
          </div>
          {open && value !== null && <Example type={value} />}
        </div>
      </div>
      <p id={definitionId} className="type-definition muted small">
        {value ? TYPE_DEFINITIONS[value] : 'Each type names what kind of information the deletion removes.'}{' '}
        <span className="sr-only">Keys: arrows, digits 1 to 9 and 0, or a type’s first letter. Press ? for the guidelines on this type.</span>
      </p>
    </div>
  );
}

import { useId, useState, type Ref, type TextareaHTMLAttributes } from 'react';

/** The counter shows from this share of the limit on: out of the way until it matters. */
const COUNTER_FROM = 0.8;

/** The first `max` code units of `text`, never ending between the halves of a surrogate pair. */
export function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

const n = (x: number) => x.toLocaleString('en-US');

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'maxLength'> {
  value: string;
  /** The most characters the server accepts for this field. */
  max: number;
  onValue: (value: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A text box that never takes more than the server accepts, so a draft always saves: near the
 * limit a counter shows, and a longer paste is cut to the limit with a message at the field
 * saying how much was left out (never silently, as the browser's maxLength would).
 */
export function LimitedTextarea({ value, max, onValue, textareaRef, ...rest }: Props) {
  const [cut, setCut] = useState<number | null>(null);
  const counterId = useId();
  const near = value.length >= max * COUNTER_FROM;
  const describedBy = [rest['aria-describedby'], near || cut !== null ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <textarea
        {...rest}
        ref={textareaRef}
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => {
          const text = e.target.value;
          const kept = cutTo(text, max);
          setCut(kept.length < text.length ? text.length - kept.length : null);
          onValue(kept);
        }}
      />
      {(near || cut !== null) && (
        <span id={counterId} className="field-limit small" data-testid="field-limit">
          <span className="field-counter">
            {n(value.length)} / {n(max)} characters
          </span>
          {cut !== null && (
            <span className="field-cut" role="status">
              {' '}
              Cut to {n(max)} characters, the most this field takes: the last {n(cut)} were left out.
            </span>
          )}
        </span>
      )}
    </>
  );
}

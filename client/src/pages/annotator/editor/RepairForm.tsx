import { useState, type FormEvent } from 'react';
import type { Point, Range, Repair } from '../../../../../shared/edits';
import { repairProblem } from './model';
import { showRepairText } from './TextPane';

interface Props {
  base: string;
  points: Point[];
  target: Range;
  defaultPoint: number;
  onApply: (point: number, repair: Repair) => void;
  onCancel: () => void;
}

function swapCase(text: string): string {
  return [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** A deliberate tiny edit next to a deletion: punctuation, a line break or a letter's case. */
export function RepairForm({ base, points, target, defaultPoint, onApply, onCancel }: Props) {
  const [start, end] = target;
  const original = base.slice(start, end);
  const [text, setText] = useState(/\p{L}/u.test(original) ? swapCase(original) : '');
  const [point, setPoint] = useState(Math.max(0, defaultPoint));
  const [problem, setProblem] = useState<string | null>(null);

  function apply(replacement: string) {
    const repair = { start, end, text: replacement };
    const why = repairProblem(base, points, point, repair);
    if (why) setProblem(why);
    else onApply(point, repair);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    apply(text);
  }
  const where = start === end ? `Insert at offset ${start}` : `Replace “${showRepairText(original)}” (offset ${start})`;
  const quick = [
    { label: 'Period', text: '.' },
    { label: 'Comma', text: ',' },
    { label: 'Line break', text: '\n' },
    ...(/\p{L}/u.test(original) ? [{ label: 'Swap case', text: swapCase(original) }] : []),
  ];
  return (
    <form className="repair-form" aria-label="Repair" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <strong>{where}</strong>
      <label className="inline">
        Replacement
        <input autoFocus size={6} value={text} maxLength={3} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="inline">
        For
        <select value={point} onChange={(e) => setPoint(Number(e.target.value))}>
          {points.map((_, i) => (
            <option key={i} value={i}>
              Point {i + 1}
            </option>
          ))}
        </select>
      </label>
      {quick.map((q) => (
        <button key={q.label} type="button" onClick={() => apply(q.text)}>
          {q.label}
        </button>
      ))}
      <button type="submit" className="primary">
        Apply repair
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {problem && (
        <p role="alert" className="error small">
          {problem}
        </p>
      )}
    </form>
  );
}

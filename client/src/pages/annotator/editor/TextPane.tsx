import type { MouseEvent, Ref } from 'react';
import type { Point } from '../../../../../shared/edits';
import { segmentText, type RepairRef, type Segment } from './segments';
import { moveSelectionByKey } from '../../../keyboardSelection';

interface Props {
  base: string;
  points: Point[];
  readOnly: boolean;
  onRestore: (point: number, offset: number) => void;
  onRemoveRepair: (ref: RepairRef) => void;
}

/** How a repair's replacement reads in the text: a line break or nothing made visible. */
export function showRepairText(text: string): string {
  if (text === '') return '∅';
  return text.replace(/\n/g, '↵');
}

const clickIsPlain = () => window.getSelection()?.isCollapsed ?? true;

function RepairMark({ repairRef: r, readOnly, onRemove }: { repairRef: RepairRef; readOnly: boolean; onRemove: (ref: RepairRef) => void }) {
  const label = `Repair for point ${r.point + 1}: ${JSON.stringify(r.repair.text)}`;
  return (
    <ins
      className={`repair-mark p${r.point + 1}`}
      data-at={r.repair.start}
      title={readOnly ? label : `${label} — click to remove`}
      onClick={readOnly ? undefined : () => clickIsPlain() && onRemove(r)}
    >
      {showRepairText(r.repair.text)}
      {r.repair.text.includes('\n') ? '\n' : null}
    </ins>
  );
}

function TextSegment({ seg, base, readOnly, onRestore, onRemoveRepair }: { seg: Segment; base: string } & Omit<Props, 'base' | 'points'>) {
  if (seg.kind === 'insert') return <RepairMark repairRef={seg.repair} readOnly={readOnly} onRemove={onRemoveRepair} />;
  const text = base.slice(seg.start, seg.end);
  const offsets = { 'data-start': seg.start, 'data-end': seg.end };
  if (seg.deletedBy >= 0) {
    const point = seg.deletedBy;
    const restore = (e: MouseEvent) => {
      if (!clickIsPlain()) return;
      e.preventDefault();
      onRestore(point, seg.start);
    };
    return (
      <del className={`deleted p${point + 1}`} {...offsets} title={readOnly ? `Deleted for point ${point + 1}` : `Deleted for point ${point + 1} — click to restore`} onClick={readOnly ? undefined : restore}>
        {text}
      </del>
    );
  }
  if (seg.repair) {
    return (
      <span className="replaced">
        <span className="replaced-original" {...offsets}>
          {text}
        </span>
        <RepairMark repairRef={seg.repair} readOnly={readOnly} onRemove={onRemoveRepair} />
      </span>
    );
  }
  return <span {...offsets}>{text}</span>;
}

/** The base text as spans carrying their base offsets, deletions struck through per point. */
/**
 * While editing, the statement takes focus and shows a caret (contentEditable, every change
 * to its text refused in Editor's beforeinput guard): arrows move, Shift+arrows select, with
 * Ctrl by word, so keyboard users select and press 1/2/3 like mouse users.
 */
const caretOnly = {
  contentEditable: true,
  suppressContentEditableWarning: true,
  spellCheck: false,
  tabIndex: 0,
  role: 'textbox',
  'aria-readonly': true,
  'aria-multiline': true,
  'aria-describedby': 'statement-keys',
  'data-caret-only': true,
} as const;

export function TextPane({ base, points, textRef, ...rest }: Props & { textRef: Ref<HTMLDivElement> }) {
  const segments = segmentText(base, points);
  return (
    <div ref={textRef} className="base-text" aria-label="Statement" data-testid="base-text" {...(rest.readOnly ? { tabIndex: 0, onKeyDown: moveSelectionByKey } : caretOnly)}>
      {segments.map((seg) => (
        <TextSegment key={seg.kind === 'insert' ? `i${seg.at}-${seg.repair.point}-${seg.repair.index}` : `t${seg.start}`} seg={seg} base={base} {...rest} />
      ))}
    </div>
  );
}

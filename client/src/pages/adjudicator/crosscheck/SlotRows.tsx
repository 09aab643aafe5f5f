import { useEffect, useRef, type ReactNode } from 'react';
import type { CaseView, SideView } from '../../../../../shared/adjudicationView';
import type { CrossCheck, PairCheck } from '../../../../../shared/crossCheck';
import type { Point } from '../../../../../shared/edits';
import type { GoldPoint, Sources } from '../../../../../shared/schemas/adjudication';
import { SideText } from './SideText';
import { ProvenanceBadge } from './ProvenanceBadge';
import { goldIndexOf, type Side } from './goldModel';
import { slotLabel, type Slot } from './slots';
import { Visible } from '../../../text/Visible';
import { RULE_LABELS } from '../../../../../shared/writing/findings';

export interface SlotActions {
  readOnly: boolean;
  onTake: (from: Sources['from'], span: Side, text: Side) => void;
  onDrop: (goldIndex: number) => void;
}

const deletedText = (base: string, p: Point) => p.deletions.map(([s, e]) => base.slice(s, e)).join(' … ');

/** The view of a problem with two submitted annotations (a legacy problem may have none). */
export type ReadyView = Omit<CaseView, 'annotations' | 'crossCheck'> & { annotations: { A: SideView; B: SideView }; crossCheck: CrossCheck };

export function readyView(view: CaseView): ReadyView | null {
  const { A, B } = view.annotations;
  return A && B && view.crossCheck ? { ...view, annotations: { A, B }, crossCheck: view.crossCheck } : null;
}

function SideCell({ view, side, index, pair, from, actions }: { view: CaseView; side: Side; index: number | null; pair?: PairCheck; from: Sources['from']; actions: SlotActions }) {
  const point = index === null ? undefined : view.annotations[side]?.points[index];
  if (!point || index === null) return <div className={`slot-side side-${side} slot-empty`}>—</div>;
  const label = `Annotator ${side}, point ${index + 1}`;
  return (
    <div className={`slot-side side-${side}`} aria-label={label}>
      <div className="slot-side-title">
        <span>
          {side}, point {index + 1} <ProvenanceBadge origin={view.annotations[side]?.origins[index]} />
        </span>
        <button type="button" className="small" disabled={actions.readOnly} onClick={() => actions.onTake(from, side, side)} aria-keyshortcuts={side.toLowerCase()}>
          Take {side}
        </button>
      </div>
      <dl>
        <dt>Deletes</dt>
        <dd className="deleted-excerpt">{deletedText(view.baseText, point) ? <Visible text={deletedText(view.baseText, point)} /> : '—'}</dd>
        <dt>Question</dt>
        <dd>{pair ? <SideText parts={pair.question} side={side} /> : <Visible text={point.question} />}</dd>
        <dt>Answer</dt>
        <dd>{pair ? <SideText parts={pair.answer} side={side} /> : <Visible text={point.answer} />}</dd>
        <dt>Type</dt>
        <dd>
          <span className={`badge type-badge${pair ? (pair.typeMatch ? ' type-match' : ' type-mismatch') : ''}`}>{point.type ?? 'no type'}</span>
        </dd>
      </dl>
      <AcknowledgedList side={view.annotations[side]} index={index} />
    </div>
  );
}

/** The findings this annotator acknowledged on submit for this point, each with the reason they gave. */
function AcknowledgedList({ side, index }: { side: SideView | null; index: number }) {
  const mine = side?.acknowledged.filter((a) => a.point === index) ?? [];
  if (mine.length === 0) return null;
  return (
    <ul className="acknowledged-findings small" aria-label={`Findings acknowledged by ${side!.label}`} data-testid="acknowledged-findings">
      {mine.map((a) => (
        <li key={a.rule}>
          <b>{RULE_LABELS[a.rule]}</b> acknowledged: <Visible text={a.reason} />
        </li>
      ))}
    </ul>
  );
}

function RowHeader({ slot }: { slot: Slot }) {
  if (slot.kind === 'pair') {
    const { pair } = slot;
    return (
      <header className="row slot-head">
        <h3>Pair {slot.n}</h3>
        <span className="badge">IoU {pair.iou.toFixed(2)}</span>
        <span className={`badge ${pair.typeMatch ? 'type-match' : 'type-mismatch'}`}>{pair.typeMatch ? 'same type' : 'type differs'}</span>
        {!pair.questionMatch && <span className="badge">question differs</span>}
        {!pair.answerMatch && <span className="badge">answer differs</span>}
      </header>
    );
  }
  if (slot.kind === 'only') {
    return (
      <header className="row slot-head">
        <h3>
          Only Annotator {slot.side}: point {slot.index + 1}
        </h3>
        <span className="badge">no matching point from {slot.side === 'A' ? 'B' : 'A'}</span>
      </header>
    );
  }
  return (
    <header className="row slot-head">
      <h3>Gold point {slot.goldIndex + 1}</h3>
      <span className="badge">written here, from neither annotator’s point</span>
    </header>
  );
}

/** The middle of a row: the gold point built from it, or the ways to build one. */
function GoldCell({ slot, gold, actions, renderGold }: { slot: Slot; gold: readonly GoldPoint[]; actions: SlotActions; renderGold: (goldIndex: number) => ReactNode }) {
  const at = slot.kind === 'gold' ? slot.goldIndex : goldIndexOf(gold, slot.from);
  if (at >= 0) return <div className="slot-gold">{renderGold(at)}</div>;
  return (
    <div className="slot-gold slot-gold-empty">
      <span className="muted">not in gold</span>
      {slot.kind === 'pair' && (
        <div className="merge-actions">
          <button type="button" disabled={actions.readOnly} aria-keyshortcuts="m" onClick={() => actions.onTake(slot.from, 'A', 'B')}>
            A’s span + B’s text
          </button>
          <button type="button" disabled={actions.readOnly} onClick={() => actions.onTake(slot.from, 'B', 'A')}>
            B’s span + A’s text
          </button>
        </div>
      )}
    </div>
  );
}

/** The gold point a row holds (its index in the gold set), or -1 while the row is not in gold. */
const goldAt = (slot: Slot, gold: readonly GoldPoint[]) => (slot.kind === 'gold' ? slot.goldIndex : goldIndexOf(gold, slot.from));

/**
 * A taken row while another row is worked on: one line of what its gold point is (span,
 * question, type). Its button opens the row's form with the gold question focused.
 */
function CompactRow({ base, n, point, onOpen }: { base: string; n: number; point: GoldPoint; onOpen: () => void }) {
  const excerpt = deletedText(base, point);
  return (
    <div className="slot-compact" role="region" aria-label={`Gold point ${n}`}>
      <span className={`swatch p${n}`} aria-hidden="true" />
      <strong className="compact-title">Gold point {n}</strong>
      <span className="compact-span" title={excerpt}>
        {excerpt ? <>Deletes “<Visible text={excerpt} />”</> : <span className="muted">no deletion yet</span>}
      </span>
      <span className="compact-question" title={point.question}>
        {point.question ? <Visible text={point.question} /> : <span className="muted">no question yet</span>}
      </span>
      <span className="badge type-badge">{point.type ?? 'no type'}</span>
      <button type="button" className="small compact-open" onClick={onOpen} aria-label={`Edit gold point ${n}`}>
        Edit
      </button>
    </div>
  );
}

const within = (target: EventTarget, selector: string) => target instanceof Element && target.closest(selector) !== null;

/** The row being worked on (or not in gold yet): its header, and A | gold | B side by side. */
function OpenRow({ view, slot, twoSided, gold, actions, renderGold }: { view: CaseView; slot: Slot; twoSided: boolean } & Pick<Props, 'gold' | 'actions' | 'renderGold'>) {
  return (
    <>
      <RowHeader slot={slot} />
      {twoSided ? (
        <div className="slot-grid">
          <SideCell view={view} side="A" index={slot.from.a} pair={slot.kind === 'pair' ? slot.pair : undefined} from={slot.from} actions={actions} />
          <GoldCell slot={slot} gold={gold} actions={actions} renderGold={renderGold} />
          <SideCell view={view} side="B" index={slot.from.b} pair={slot.kind === 'pair' ? slot.pair : undefined} from={slot.from} actions={actions} />
        </div>
      ) : (
        <GoldCell slot={slot} gold={gold} actions={actions} renderGold={renderGold} />
      )}
    </>
  );
}

interface Props {
  view: CaseView;
  slots: Slot[];
  gold: readonly GoldPoint[];
  current: number;
  /** Fold taken rows other than the current one (while editable; a read-only case shows every form). */
  fold: boolean;
  onSelect: (row: number) => void;
  actions: SlotActions;
  renderGold: (goldIndex: number) => ReactNode;
}

/**
 * The curation rows: Annotator A | gold | Annotator B, one row per aligned pair or unmatched point.
 * While editable, only the current row (the one moved to with j/k, clicked, focused or whose span
 * the gold text changed) shows its whole form; every other row already in gold folds to one line.
 */
export function SlotRows({ view, slots, gold, current, fold, onSelect, actions, renderGold }: Props) {
  // A row opened by its Edit button takes the focus into its gold question once it has unfolded.
  const focusOnOpen = useRef<number | null>(null);
  // A press of the pointer chooses its row on click, once the press is over: chosen at the
  // press, the row that was current folds, the rows below it move up, and the release lands on
  // whatever moved under the pointer (a "Take B" pressed in the next row never became a click).
  // Focus from the keyboard chooses its row at once.
  const pressing = useRef(false);
  useEffect(() => {
    const released = () => {
      pressing.current = false;
    };
    document.addEventListener('pointerup', released, true);
    document.addEventListener('pointercancel', released, true);
    return () => {
      document.removeEventListener('pointerup', released, true);
      document.removeEventListener('pointercancel', released, true);
    };
  }, []);
  useEffect(() => {
    if (focusOnOpen.current !== current) return;
    focusOnOpen.current = null;
    document.querySelector<HTMLElement>(`[data-row="${current}"] .gold-point textarea`)?.focus();
  }, [current]);
  if (slots.length === 0) return <p className="muted">Neither annotator wrote a point.</p>;
  // Without two submitted annotations (a legacy problem) there are no A and B columns.
  const twoSided = readyView(view) !== null;
  return (
    <div className={`slots${twoSided ? '' : ' gold-only'}`}>
      {twoSided && (
        <div className="slot-columns" aria-hidden="true">
          <span>Annotator A</span>
          <span>Gold version</span>
          <span>Annotator B</span>
        </div>
      )}
      {slots.map((slot, row) => {
        const at = goldAt(slot, gold);
        const folded = fold && row !== current && at >= 0;
        const open = () => {
          focusOnOpen.current = row;
          onSelect(row);
        };
        return (
          <section
            key={slotLabel(slot)}
            aria-label={slotLabel(slot)}
            aria-current={row === current ? 'true' : undefined}
            data-row={row}
            className={`slot${slot.kind === 'only' ? ' unmatched' : ''}${row === current ? ' current' : ''}${folded ? ' folded' : ''}`}
            // Focusing the folded line's Edit button is not yet editing: the row opens on its press.
            onFocusCapture={(e) => !pressing.current && !within(e.target, '.slot-compact') && onSelect(row)}
            onPointerDownCapture={() => {
              pressing.current = true;
            }}
            onClickCapture={(e) => !within(e.target, '.compact-open') && onSelect(row)}
          >
            {folded ? <CompactRow base={view.baseText} n={at + 1} point={gold[at]!} onOpen={open} /> : <OpenRow slot={slot} twoSided={twoSided} {...{ view, gold, actions, renderGold }} />}
          </section>
        );
      })}
    </div>
  );
}

import type { CaseView, SideView } from '../../../../../shared/adjudicationView';
import type { CrossCheck, DiffPart, PairCheck } from '../../../../../shared/crossCheck';
import type { Point } from '../../../../../shared/edits';
import type { GoldPoint, Sources } from '../../../../../shared/schemas/adjudication';
import { DiffText } from './DiffText';
import { goldIndexOf, type Side } from './goldModel';

export interface SlotActions {
  readOnly: boolean;
  onTake: (from: Sources['from'], span: Side, text: Side) => void;
  onDrop: (goldIndex: number) => void;
}

const deletedText = (base: string, p: Point) => p.deletions.map(([s, e]) => base.slice(s, e)).join(' … ');
const sideParts = (parts: DiffPart[], side: Side) => parts.filter((p) => p.kind === 'same' || p.kind === (side === 'A' ? 'onlyA' : 'onlyB'));

function PointColumn({ base, point, side, index, pair }: { base: string; point: Point; side: Side; index: number; pair?: PairCheck }) {
  const label = `Annotator ${side}, point ${index + 1}`;
  return (
    <div className={`slot-side side-${side}`} aria-label={label}>
      <div className="slot-side-title">{label}</div>
      <dl>
        <dt>Deleted</dt>
        <dd className="deleted-excerpt">{deletedText(base, point) || '—'}</dd>
        <dt>Question</dt>
        <dd>{pair ? <DiffText parts={sideParts(pair.question, side)} /> : point.question}</dd>
        <dt>Answer</dt>
        <dd>{pair ? <DiffText parts={sideParts(pair.answer, side)} /> : point.answer}</dd>
        <dt>Type</dt>
        <dd>
          <span className={`badge type-badge${pair ? (pair.typeMatch ? ' type-match' : ' type-mismatch') : ''}`}>{point.type ?? 'no type'}</span>
        </dd>
      </dl>
    </div>
  );
}

function InGold({ gold, from, actions }: { gold: readonly GoldPoint[]; from: Sources['from']; actions: SlotActions }) {
  const at = goldIndexOf(gold, from);
  if (at < 0) return <span className="muted">not in gold</span>;
  return (
    <>
      <span className={`badge gold-badge p${at + 1}`}>gold point {at + 1}</span>
      <button type="button" className="danger" disabled={actions.readOnly} onClick={() => actions.onDrop(at)}>
        Drop
      </button>
    </>
  );
}

/** The view of a problem with two submitted annotations (a legacy problem may have none). */
export type ReadyView = Omit<CaseView, 'annotations' | 'crossCheck'> & { annotations: { A: SideView; B: SideView }; crossCheck: CrossCheck };

export function readyView(view: CaseView): ReadyView | null {
  const { A, B } = view.annotations;
  return A && B && view.crossCheck ? { ...view, annotations: { A, B }, crossCheck: view.crossCheck } : null;
}

function PairRow({ view, pair, n, gold, actions }: { view: ReadyView; pair: PairCheck; n: number; gold: readonly GoldPoint[]; actions: SlotActions }) {
  const from = { a: pair.a, b: pair.b };
  const { A, B } = view.annotations;
  const take = (span: Side, text: Side) => () => actions.onTake(from, span, text);
  return (
    <section className="slot card" aria-label={`Pair ${n}`}>
      <header className="row">
        <h3>Pair {n}</h3>
        <span className="badge">IoU {pair.iou.toFixed(2)}</span>
        <span className={`badge ${pair.typeMatch ? 'type-match' : 'type-mismatch'}`}>{pair.typeMatch ? 'same type' : 'type differs'}</span>
        {!pair.questionMatch && <span className="badge">question differs</span>}
        {!pair.answerMatch && <span className="badge">answer differs</span>}
        <span className="spacer" />
        <InGold gold={gold} from={from} actions={actions} />
      </header>
      <div className="slot-grid">
        <PointColumn base={view.baseText} point={A.points[pair.a]!} side="A" index={pair.a} pair={pair} />
        <PointColumn base={view.baseText} point={B.points[pair.b]!} side="B" index={pair.b} pair={pair} />
      </div>
      <div className="row slot-actions">
        <button type="button" disabled={actions.readOnly} onClick={take('A', 'A')}>Take A</button>
        <button type="button" disabled={actions.readOnly} onClick={take('B', 'B')}>Take B</button>
        <button type="button" disabled={actions.readOnly} onClick={take('A', 'B')}>A’s span + B’s text</button>
        <button type="button" disabled={actions.readOnly} onClick={take('B', 'A')}>B’s span + A’s text</button>
      </div>
    </section>
  );
}

function UnmatchedRow({ view, side, index, gold, actions }: { view: ReadyView; side: Side; index: number; gold: readonly GoldPoint[]; actions: SlotActions }) {
  const from = side === 'A' ? { a: index, b: null } : { a: null, b: index };
  const point = (side === 'A' ? view.annotations.A : view.annotations.B).points[index]!;
  const other = side === 'A' ? 'B' : 'A';
  return (
    <section className="slot card unmatched" aria-label={`Only ${side}: point ${index + 1}`}>
      <header className="row">
        <h3>Only Annotator {side}: point {index + 1}</h3>
        <span className="badge">no matching point from {other}</span>
        <span className="spacer" />
        <InGold gold={gold} from={from} actions={actions} />
      </header>
      <div className="slot-grid">
        {side === 'A' ? <PointColumn base={view.baseText} point={point} side="A" index={index} /> : <div className="slot-empty">—</div>}
        {side === 'B' ? <PointColumn base={view.baseText} point={point} side="B" index={index} /> : <div className="slot-empty">—</div>}
      </div>
      <div className="row slot-actions">
        <button type="button" disabled={actions.readOnly} onClick={() => actions.onTake(from, side, side)}>
          Take {side}
        </button>
      </div>
    </section>
  );
}

/** Aligned pairs side by side, then every unmatched point in its own row. */
export function SlotRows({ view, gold, actions }: { view: ReadyView; gold: readonly GoldPoint[]; actions: SlotActions }) {
  const { pairs, unmatchedA, unmatchedB } = view.crossCheck.alignment;
  return (
    <div className="slots">
      {pairs.map((pair, i) => (
        <PairRow key={`p${pair.a}-${pair.b}`} view={view} pair={pair} n={i + 1} gold={gold} actions={actions} />
      ))}
      {unmatchedA.map((i) => (
        <UnmatchedRow key={`a${i}`} view={view} side="A" index={i} gold={gold} actions={actions} />
      ))}
      {unmatchedB.map((i) => (
        <UnmatchedRow key={`b${i}`} view={view} side="B" index={i} gold={gold} actions={actions} />
      ))}
      {pairs.length + unmatchedA.length + unmatchedB.length === 0 && <p className="muted">Neither annotator wrote a point.</p>}
    </div>
  );
}

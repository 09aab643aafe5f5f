import type { DiffPart } from '../../../../../shared/crossCheck';
import { Visible } from '../../../text/Visible';

const TITLE = { same: undefined, onlyA: 'only in Annotator A’s version', onlyB: 'only in Annotator B’s version' } as const;

/** A word diff: words only A has are struck in A's colour, words only B has underlined in B's. */
export function DiffText({ parts, label }: { parts: DiffPart[]; label?: string }) {
  return (
    <span className="diff-text" aria-label={label}>
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>
            <Visible text={p.value} />
          </span>
        ) : p.kind === 'onlyA' ? (
          <del key={i} className="diff-a" title={TITLE.onlyA}>
            <Visible text={p.value} />
          </del>
        ) : (
          <ins key={i} className="diff-b" title={TITLE.onlyB}>
            <Visible text={p.value} />
          </ins>
        ),
      )}
    </span>
  );
}

import type { DiffPart } from '../../../../../shared/crossCheck';
import type { Side } from './goldModel';
import { Visible } from '../../../text/Visible';

/**
 * One annotator's question or answer exactly as written, the words the other side does not have
 * marked (a tint and an underline in the side's colour), never struck out.
 */
export function SideText({ parts, side }: { parts: DiffPart[]; side: Side }) {
  const own = side === 'A' ? 'onlyA' : 'onlyB';
  const other = side === 'A' ? 'B' : 'A';
  return (
    <span className="side-text">
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>
            <Visible text={p.value} />
          </span>
        ) : p.kind === own ? (
          <mark key={i} className={`differs differs-${side}`} title={`not in Annotator ${other}’s version`}>
            <Visible text={p.value} />
          </mark>
        ) : null,
      )}
    </span>
  );
}

import { visibleParts } from '../../../shared/writing/invisible';

/**
 * One person's text shown to another with every invisible character (a bidirectional control,
 * a zero-width space) written out as a marker naming it, never applied: a U+202E cannot
 * reverse what the reader sees, nor can two texts that look alike differ unseen.
 */
export function Visible({ text }: { text: string }) {
  const parts = visibleParts(text);
  if (parts.length === 1 && 'text' in parts[0]!) return <>{text}</>;
  return (
    <>
      {parts.map((p, i) =>
        'text' in p ? (
          <span key={i}>{p.text}</span>
        ) : (
          <span key={i} className="invisible-char" data-testid="invisible-char" title={`An invisible character in the text: ${p.name}`}>
            ⟦{p.name}⟧
          </span>
        ),
      )}
    </>
  );
}

import type { WorkedExample as Example } from '../../../../shared/guidelines/types';

/** The example sentence with its deleted span struck through, then the key question and the answer. */
export function WorkedExample({ example }: { example: Example }) {
  const at = example.text.indexOf(example.deleted);
  const before = at < 0 ? example.text : example.text.slice(0, at);
  const after = at < 0 ? '' : example.text.slice(at + example.deleted.length);
  return (
    <dl className="worked-example">
      <dt>Statement</dt>
      <dd>
        {before}
        {at >= 0 && (
          <del className="example-deleted">
            <span className="sr-only">[deleted: </span>
            {example.deleted}
            <span className="sr-only">]</span>
          </del>
        )}
        {after}
      </dd>
      <dt>Key question</dt>
      <dd>{example.question}</dd>
      <dt>Answer</dt>
      <dd>{example.answer}</dd>
    </dl>
  );
}

import type { Point } from '../../../../../shared/edits';
import type { FeedbackGoldPoint, FeedbackView } from '../../../../../shared/feedback/view';
import { Visible } from '../../../text/Visible';

function Side({ title, point }: { title: string; point: Point }) {
  return (
    <div className="fb-side">
      <h4>{title}</h4>
      <dl>
        <dt>Key question</dt>
        <dd>
          <Visible text={point.question} />
        </dd>
        <dt>Answer</dt>
        <dd>
          <Visible text={point.answer} />
        </dd>
        <dt>Type</dt>
        <dd>{point.type ?? 'none'}</dd>
      </dl>
    </div>
  );
}

const same = (yes: boolean) => (yes ? 'same' : 'differs');

function GoldNote({ point }: { point: FeedbackGoldPoint }) {
  if (!point.note.trim()) return null;
  return (
    <p className="fb-note">
      <strong>Adjudicator’s note:</strong> {point.note}
    </p>
  );
}

/** Per aligned point: yours beside the gold, with what agrees; then the points either side has alone. */
export function PointComparison({ feedback }: { feedback: FeedbackView }) {
  const { pairs, unmatchedA, unmatchedB } = feedback.crossCheck.alignment;
  return (
    <>
      {pairs.map((pair) => {
        const gold = feedback.gold[pair.b]!;
        return (
          <section key={`${pair.a}-${pair.b}`} className="card fb-pair" aria-label={`Your point ${pair.a + 1} and gold point ${pair.b + 1}`}>
            <h3>
              Your point {pair.a + 1} ↔ gold point {pair.b + 1}
            </h3>
            <p className="muted small">
              Deletions overlap {Math.round(pair.iou * 100)}% · type {same(pair.typeMatch)} · question {same(pair.questionMatch)} · answer {same(pair.answerMatch)}
            </p>
            <div className="fb-sides">
              <Side title="Yours" point={feedback.mine[pair.a]!} />
              <Side title="Gold" point={gold} />
            </div>
            <GoldNote point={gold} />
          </section>
        );
      })}
      {unmatchedA.map((a) => (
        <section key={`a${a}`} className="card fb-pair" aria-label={`Your point ${a + 1}, not in the gold`}>
          <h3>Your point {a + 1}: no gold point matches it</h3>
          <Side title="Yours" point={feedback.mine[a]!} />
        </section>
      ))}
      {unmatchedB.map((b) => (
        <section key={`b${b}`} className="card fb-pair" aria-label={`Gold point ${b + 1}, not matched by yours`}>
          <h3>Gold point {b + 1}: none of your points matches it</h3>
          <Side title="Gold" point={feedback.gold[b]!} />
          <GoldNote point={feedback.gold[b]!} />
        </section>
      ))}
    </>
  );
}

export interface DialogueTurn {
  question: string;
  answer: string;
}

/** The pilot's questions so far, each with the answer it got at once; user text rendered as text. */
export function Dialogue({ turns }: { turns: readonly DialogueTurn[] }) {
  if (turns.length === 0) return <p className="muted">No questions yet. Ask one, or write the code straight away.</p>;
  return (
    <ol className="pilot-dialogue" aria-label="Your questions and their answers">
      {turns.map((t, i) => (
        <li key={i} className="pilot-turn">
          <p className="pilot-question">
            <span className="who">Question {i + 1}</span>
            <span className="said">{t.question}</span>
          </p>
          <p className="pilot-answer">
            <span className="who">Answer</span>
            <span className="said">{t.answer}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

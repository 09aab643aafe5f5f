const SHORTCUTS: [string, string][] = [
  ['Tab ← →', 'focus the statement and move the caret (Ctrl+arrows by word); Shift+arrows select'],
  ['1 2 3', 'delete the selected text for that point; the next number starts a new point (with one point, press 2 for a second; 3 is refused)'],
  ['Shift ←→', 'in the statement (Tab to it): select text without a mouse (Ctrl for words, ↑↓ for lines)'],
  ['click', 'a struck-through span restores it (or restore in the point card)'],
  ['r', 'repair at the caret or selection (punctuation, line break, case)'],
  ['p', 'cycle the preview: all points → point 1 → …'],
  ['Ctrl Z', 'undo the last edit of the statement or a point (in a text box: its own typing)'],
  ['Ctrl ⇧ Z', 'redo (also Ctrl Y)'],
  ['Ctrl S', 'save now (drafts also save by themselves)'],
  ['Esc', 'cancel a repair, clear the selection'],
  ['?', 'open the guidelines at the focused point’s type (in a new tab; the draft stays here)'],
  ['a', 'on a focused suggestion (Tab to it): accept it as a new point — its deletions, question, answer and type'],
  ['e', 'on a focused suggestion: accept it and put the caret in its question to edit'],
  ['x', 'on a focused suggestion: dismiss it (hidden for you only); Ctrl Z undoes accept, edit and dismiss'],
];

export function ShortcutHelp() {
  return (
    <section className="card shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard</h2>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              {keys.split(' ').map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

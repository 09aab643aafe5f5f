import { EditorView } from '@codemirror/view';

/**
 * The editor's look, inside its shadow root (the page's style sheets do not reach in; the app's
 * custom properties do, as they inherit).
 */
export const codeEditorTheme = EditorView.theme({
  '&': { minHeight: '16rem', maxHeight: '32rem', fontSize: '0.95rem', backgroundColor: '#fff', color: 'var(--text)' },
  '.cm-scroller': { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", lineHeight: '1.5' },
  '.cm-content': { minHeight: '16rem' },
  // The focus ring is the host's (codeEditor.css), drawn outside the text.
  '&.cm-focused': { outline: 'none' },
  // Line numbers in a grey dark enough for the contrast rule.
  '.cm-gutters': { color: 'var(--muted)', backgroundColor: '#f4f5f7', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: '#e4e8f0', color: 'var(--text)' },
  '.cm-activeLine': { backgroundColor: '#f3f6fc' },
});


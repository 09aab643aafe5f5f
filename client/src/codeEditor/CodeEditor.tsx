import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { codeEditorTheme } from './theme';
import './codeEditor.css';
import { useLatest } from '../useLatest';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once per paste into the editor (telemetry counts them). */
  onPaste?: () => void;
  readOnly?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  /** Read to screen-reader users with the name (e.g. the editor's keys). */
  description?: string;
}

/** Marks a document replaced from the `value` prop, which must not be echoed back as a change. */
const fromOutside = Annotation.define<boolean>();
const DESCRIPTION_ID = 'code-editor-description';

const editableExtensions = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
const contentAttributes = (label: string, description: string | undefined) =>
  EditorView.contentAttributes.of({ 'aria-label': label, ...(description ? { 'aria-describedby': DESCRIPTION_ID } : {}) });

/**
 * A Python code editor (CodeMirror 6): line numbers, syntax highlighting, undo history, the
 * standard keyboard. Tab indents; Escape then Tab leaves the editor (CodeMirror's tab-focus
 * escape), so the keyboard is never trapped.
 *
 * It lives in an open shadow root: there CodeMirror's styles go into a constructed style sheet,
 * where in the document it would add a <style> element that the app's Content Security Policy
 * (style-src 'self', nothing inline) refuses. Loaded on its own (see LazyCodeEditor).
 */
export default function CodeEditor({ value, onChange, onPaste, readOnly = false, label, description }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useLatest({ onChange, onPaste });
  const editable = useRef(new Compartment());
  const labels = useRef(new Compartment());
  const describer = useRef<HTMLDivElement | null>(null);

  // One EditorView for the component's life; value, label and read-only follow by transactions.
  useEffect(() => {
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const said = root.ownerDocument.createElement('div');
    said.id = DESCRIPTION_ID;
    said.hidden = true; // aria-describedby still reads a hidden element's text
    root.appendChild(said);
    describer.current = said;
    const created = new EditorView({
      parent: root,
      root,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          python(),
          indentUnit.of('    '), // PEP 8: four spaces
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          codeEditorTheme,
          editable.current.of(editableExtensions(readOnly)),
          labels.current.of(contentAttributes(label, description)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromOutside))) callbacks.current.onChange(u.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste: () => {
              callbacks.current.onPaste?.();
              return false; // CodeMirror still inserts the text
            },
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      said.remove();
      view.current = null;
    };
    // Created once; later props are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    // A value from outside (a restored draft): replace the document without echoing onChange.
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value }, annotations: fromOutside.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(editableExtensions(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    if (describer.current) describer.current.textContent = description ?? '';
    view.current?.dispatch({ effects: labels.current.reconfigure(contentAttributes(label, description)) });
  }, [label, description]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}

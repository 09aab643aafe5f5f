import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

// CodeMirror is a chunk of its own, downloaded only when a code editor is first shown.
const CodeEditor = lazy(() => import('./CodeEditor'));

/** The Python code editor, loaded on demand (the pages around it stay light). */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<p className="loading">Loading the code editor…</p>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { guidelines } from '../../../../shared/api/guidelines';
import type { GuidelinesView } from '../../../../shared/guidelines/view';
import { guidelinesDiff } from '../../../../shared/guidelines/diff';
import { Markdown } from '../../markdown/Markdown';
import { GuidelinesDiff } from './GuidelinesDiff';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * The maintainer's editor of the team Markdown: a save names the version edited; when someone
 * saved another version meanwhile the server refuses it (409) and the text typed here stays.
 */
export function GuidelinesEditor({ current, onSaved, onReload }: { current: GuidelinesView; onSaved: (view: GuidelinesView) => void; onReload: () => void }) {
  const [text, setText] = useState(current.markdown);
  const [base, setBase] = useState(current.version);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const id = useId();
  const stale = notice?.kind === 'error' && base !== current.version;

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await call(guidelines.save, { body: { version: base, markdown: text } });
      setBase(saved.version);
      setNotice({ kind: 'success', text: `Saved as version ${saved.version}.` });
      onSaved(saved);
    } catch (err) {
      const conflict = err instanceof ApiError && err.code === 'stale_version';
      setNotice({ kind: 'error', text: err instanceof ApiError ? err.message : 'The guidelines could not be saved.' });
      if (conflict) onReload();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card guidelines-editor" onSubmit={(e) => void save(e) /* shows its own error */} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Edit the team guidelines</h2>
      <p className="muted small">
        Markdown (headings, lists, emphasis, code, links). Each save makes a new version; annotations record the version they were submitted under. You are editing version {base}.
      </p>
      <label htmlFor={`${id}-text`}>Team guidelines (Markdown)</label>
      <textarea id={`${id}-text`} rows={12} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="actions">
        <button type="button" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>
          {previewing ? 'Hide the preview' : 'Preview'}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          Save as version {base + 1}
        </button>
        {stale && (
          <button
            type="button"
            onClick={() => {
              setText(current.markdown);
              setBase(current.version);
              setNotice(null);
            }}
          >
            Load version {current.version} (drops your text)
          </button>
        )}
      </div>
      {previewing && (
        <section id={`${id}-preview`} className="guidelines-preview" aria-labelledby={`${id}-preview-title`}>
          <h3 id={`${id}-preview-title`}>Preview of version {base + 1} (not saved)</h3>
          {text.trim() ? <Markdown source={text} /> : <p className="muted">No team text.</p>}
          <h3>Changes against version {current.version}</h3>
          <GuidelinesDiff lines={guidelinesDiff(current.markdown, text)} label={`Changes against version ${current.version}`} />
        </section>
      )}
      {notice && (
        <p className={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </form>
  );
}

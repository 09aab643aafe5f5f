import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { releases } from '../../../../shared/api/releases';
import { releaseSettings, type ReleaseSettings } from '../../../../shared/schemas/releaseSettings';
import { ErrorMessage } from '../../components/ErrorMessage';

/** The settings that are texts (all but the flag nameAnnotators). */
type Key = Exclude<keyof ReleaseSettings, 'nameAnnotators'>;

/** The card's texts, in card order; each label is unique on the page. */
const TEXTS: { key: Key; label: string; hint: string; rows?: number }[] = [
  { key: 'curators', label: 'Curated by', hint: 'Who curated the dataset (Dataset Details). Empty: the card says it was not stated.', rows: 1 },
  { key: 'fundedBy', label: 'Funded by', hint: 'Optional: the line is left out when empty.', rows: 1 },
  { key: 'sharedBy', label: 'Shared by', hint: 'Optional: the line is left out when empty.', rows: 1 },
  { key: 'repository', label: 'Repository address', hint: 'Optional: an http(s) address for Dataset Sources.', rows: 1 },
  { key: 'directUse', label: 'Direct use', hint: 'What the release is for.' },
  { key: 'outOfScopeUse', label: 'Out-of-scope use', hint: 'Uses it is not meant or fit for. Empty: the card says none was stated.' },
  { key: 'curationRationale', label: 'Curation rationale', hint: 'Why the dataset was made.' },
  { key: 'annotators', label: 'About the annotators', hint: 'Added after the counts and roles the card computes (e.g. background, recruitment).' },
  { key: 'bias', label: 'Bias', hint: 'Added after the composition the card computes from the records.' },
  { key: 'risks', label: 'Risks', hint: 'Known risks of using the release.' },
  { key: 'limitations', label: 'Limitations', hint: 'Added after the limitations the card knows from the format and provenance.' },
  { key: 'recommendations', label: 'Recommendations', hint: 'Added after the recommendations the card computes from the figures.' },
  { key: 'personalInfo', label: 'Personal and sensitive information', hint: 'What review for personal data was done. Empty: the card says none is recorded.' },
  { key: 'licenseStatement', label: 'License statement', hint: 'The license paragraph of the card.' },
  { key: 'authors', label: 'Card authors', hint: 'Who wrote the card.', rows: 1 },
  { key: 'contact', label: 'Card contact', hint: 'Where to write about the release.', rows: 1 },
];

/**
 * The settings every release is cut with: the data card's uses, bias, risks, license, authors
 * and contact. Saved whole; each cut copies them into the release.
 */
export function ReleaseSettingsForm() {
  const [settings, setSettings] = useState<ReleaseSettings | null>(null);
  const [saved, setSaved] = useState<ReleaseSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loaded = useResource(releases.settings);
  const stored = loaded.data?.settings;
  // The form starts from the stored settings; later reloads never overwrite what is being typed.
  useEffect(() => {
    if (!stored) return;
    setSettings((s) => s ?? stored);
    setSaved((s) => s ?? stored);
  }, [stored]);
  const shownError = error ?? (loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error));

  if (!settings) {
    return (
      <section className="card release-settings" aria-label="Data card settings">
        <h2>Data card settings</h2>
        {shownError ? <p className="error" role="alert">{shownError}</p> : <p className="muted">Loading…</p>}
      </section>
    );
  }

  const check = releaseSettings.safeParse(settings);
  const problem = check.success ? null : `${check.error.issues[0]!.path.join('.')}: ${check.error.issues[0]!.message}`;
  const dirty = JSON.stringify(settings) !== JSON.stringify(saved);
  const set = (key: keyof ReleaseSettings, value: string | boolean) => {
    setSettings({ ...settings, [key]: value });
    setStatus(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!check.success) return;
    setBusy(true);
    setError(null);
    try {
      const r = await call(releases.saveSettings, { body: check.data });
      setSettings(r.settings);
      setSaved(r.settings);
      setStatus('Saved: the next release is cut with these settings.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card release-settings" onSubmit={(e) => void save(e) /* shows its own error */} aria-label="Data card settings">
      <h2>Data card settings</h2>
      {/* Folded: edited a few times per benchmark, read at every cut; the check lists the ones left empty. */}
      <details className="settings-fold">
        <summary>Edit the license, uses, risks and contacts</summary>
        <p className="muted">
          What the data card says beyond the figures it computes. Every release is cut with the settings saved here and keeps them; an empty text makes the card
          say that nothing was stated.
        </p>
      <div className="settings-license">
        <label>
          License (Hugging Face id)
          <input value={settings.license} onChange={(e) => set('license', e.target.value)} />
        </label>
        <label>
          License slug
          <input value={settings.licenseName} onChange={(e) => set('licenseName', e.target.value)} title="license_name in the card's front matter, when the license is other" />
        </label>
        <label>
          License link
          <input value={settings.licenseLink} onChange={(e) => set('licenseLink', e.target.value)} title="license_link in the card's front matter" />
        </label>
      </div>
      <div className="settings-texts">
        {TEXTS.map((t) => (
          <div key={t.key} className="setting">
            <label>
              {t.label}
              <textarea value={settings[t.key]} rows={t.rows ?? 3} onChange={(e) => set(t.key, e.target.value)} aria-describedby={`setting-${t.key}`} />
            </label>
            <span id={`setting-${t.key}`} className="muted small">
              {t.hint}
            </span>
          </div>
        ))}
      </div>
      <label className="setting-flag">
        <input type="checkbox" checked={settings.nameAnnotators} onChange={(e) => set('nameAnnotators', e.target.checked)} />
        List the annotators and adjudicators (their accounts) in the card
      </label>
      {problem && <p className="error">{problem}</p>}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="row">
        <button type="submit" className="primary" disabled={!dirty || !check.success || busy}>
          {busy ? 'Saving…' : 'Save card settings'}
        </button>
        {status && !dirty && (
          <span className="success" role="status">
            {status}
          </span>
        )}
      </div>
      </details>
    </form>
  );
}

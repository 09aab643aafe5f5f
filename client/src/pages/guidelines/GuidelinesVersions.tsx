import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { guidelines } from '../../../../shared/api/guidelines';
import { guidelinesDiff, type GuidelinesDiffLine } from '../../../../shared/guidelines/diff';
import { GuidelinesDiff } from './GuidelinesDiff';

type Compared = { from: number; to: number; lines: GuidelinesDiffLine[] } | { error: string } | null;

/**
 * Every saved version of the team guidelines (who, when, how long), and what changed between two
 * chosen ones. `from` starts at the version given (an annotator's last visit) or the one before the current.
 */
export function GuidelinesVersions({ current, from: initialFrom }: { current: number; from?: number }) {
  const list = useResource(guidelines.versions);
  const [from, setFrom] = useState(initialFrom ?? Math.max(1, current - 1));
  const [to, setTo] = useState(current);
  const [compared, setCompared] = useState<Compared>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    void Promise.all([call(guidelines.get, { query: { version: from } }), call(guidelines.get, { query: { version: to } })]).then(
      ([a, b]) => live && setCompared({ from, to, lines: guidelinesDiff(a.markdown, b.markdown) }),
      (err: unknown) => live && setCompared({ error: err instanceof ApiError ? err.message : 'The versions could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, [from, to]);

  const versions = list.data ?? [];
  const options = versions.map((v) => (
    <option key={v.version} value={v.version}>
      Version {v.version}
    </option>
  ));
  return (
    <section className="card guidelines-versions" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Versions and what changed</h2>
      {list.error !== undefined && <p className="error">The versions could not be loaded.</p>}
      {versions.length > 0 && (
        <div className="scroll-x">
          <table aria-label="Guidelines versions">
            <thead>
              <tr>
                <th scope="col">version</th>
                <th scope="col">saved by</th>
                <th scope="col">saved on</th>
                <th scope="col">team text (characters)</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.version}>
                  <td>{v.version}</td>
                  <td>{v.savedBy ?? 'built in'}</td>
                  <td>{v.savedAt.slice(0, 16).replace('T', ' ')}</td>
                  <td>{v.characters}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {versions.length > 1 && (
        <div className="row">
          <label htmlFor={`${id}-from`}>Compare version</label>
          <select id={`${id}-from`} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {options}
          </select>
          <label htmlFor={`${id}-to`}>with version</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {options}
          </select>
        </div>
      )}
      {compared && 'error' in compared && <p className="error">{compared.error}</p>}
      {compared && 'lines' in compared && versions.length > 1 && (
        <>
          <h3>
            Changes from version {compared.from} to version {compared.to}
          </h3>
          <GuidelinesDiff lines={compared.lines} label={`Changes from version ${compared.from} to version ${compared.to}`} />
        </>
      )}
    </section>
  );
}

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { useResource } from '../../../resources/useResource';
import { pilots as pilotsApi } from '../../../../../shared/api/pilots';
import { releases as releasesApi } from '../../../../../shared/api/releases';
import { users } from '../../../../../shared/api/users';
import type { FieldIssue } from '../../../../../shared/errors';
import { fieldPath } from '../../../../../shared/schemas/fieldPath';
import type { ReleaseSummary } from '../../../../../shared/schemas/release';
import { createStudyBody, DEFAULT_MAX_ROUNDS, DEFAULT_PILOT_THRESHOLD, type CreateStudyBody, type StudyDetail } from '../../../../../shared/schemas/pilots';
import { ErrorMessage } from '../../../components/ErrorMessage';

/** The form's fields as typed (numbers as text until sent). */
interface Fields {
  name: string;
  release: string;
  mode: 'all' | 'sample';
  size: string;
  seed: string;
  pilots: string[];
  /** Pilots let in although they once held a role that reads key questions (the recorded override). */
  allowKeyReaders: string[];
  pilotsPerTask: string;
  maxRounds: string;
  threshold: string;
  timeLimit: string;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The request the fields make (the shared schema judges it, as the server will). */
export function studyRequest(f: Fields): CreateStudyBody {
  return {
    name: f.name,
    release: f.release,
    tasks: f.mode === 'all' ? { mode: 'all' } : { mode: 'sample', size: num(f.size), seed: f.seed.trim() === '' ? 0 : num(f.seed) },
    pilots: f.pilots,
    allowKeyReaders: f.allowKeyReaders.filter((p) => f.pilots.includes(p)),
    pilotsPerTask: num(f.pilotsPerTask),
    maxRounds: num(f.maxRounds),
    threshold: num(f.threshold),
    timeLimitMinutes: f.timeLimit.trim() === '' ? null : num(f.timeLimit),
  };
}

function IssueFor({ issues, path }: { issues: FieldIssue[]; path: string }) {
  const found = issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`));
  if (found.length === 0) return null;
  return <span className="field-error">{found.map((i) => i.message).join('; ')}</span>;
}

/** Create a pilot study on a release: which tasks, which pilots, how many per task, the protocol's settings. */
export function StudyForm({ onCreated }: { onCreated: (study: StudyDetail) => void }) {
  const listedReleases = useResource(releasesApi.list);
  const listedUsers = useResource(users.list);
  const releases = useMemo<ReleaseSummary[]>(() => listedReleases.data?.releases ?? [], [listedReleases.data]);
  const pilots = (listedUsers.data ?? []).filter((u) => u.role === 'pilot' && u.active);
  const [f, setF] = useState<Fields>({ name: '', release: '', mode: 'all', size: '20', seed: '0', pilots: [], allowKeyReaders: [], pilotsPerTask: '1', maxRounds: String(DEFAULT_MAX_ROUNDS), threshold: DEFAULT_PILOT_THRESHOLD.toFixed(2), timeLimit: '' });
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Fields>) => setF((prev) => ({ ...prev, ...patch }));

  useEffect(() => {
    setF((prev) => (prev.release ? prev : { ...prev, release: releases[0]?.name ?? '' }));
  }, [releases]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = studyRequest(f);
    const checked = createStudyBody.safeParse(body);
    if (!checked.success) {
      setIssues(checked.error.issues.map((i) => ({ path: fieldPath(i.path), message: i.message })));
      return;
    }
    setIssues([]);
    setBusy(true);
    try {
      onCreated(await call(pilotsApi.create, { body }));
    } catch (err) {
      if (err instanceof ApiError && err.issues.length > 0) setIssues(err.issues);
      setError(err instanceof ApiError ? err.message : 'The study could not be created.');
    } finally {
      setBusy(false);
    }
  }

  const togglePilot = (name: string) => set({ pilots: f.pilots.includes(name) ? f.pilots.filter((p) => p !== name) : [...f.pilots, name] });
  return (
    <form className="card study-form" onSubmit={(e) => void submit(e) /* shows its own error */} aria-labelledby="new-study-h" noValidate>
      <h2 id="new-study-h">New pilot study</h2>
      <div className="row study-fields">
        <label className="field">
          Name
          <input value={f.name} onChange={(e) => set({ name: e.target.value })} placeholder="pilot-2026-12" />
          <IssueFor issues={issues} path="name" />
        </label>
        <label className="field">
          Release
          <select value={f.release} onChange={(e) => set({ release: e.target.value })}>
            {releases.length === 0 && <option value="">No release yet</option>}
            {releases.map((r) => (
              <option key={r.name}>{r.name}</option>
            ))}
          </select>
          <IssueFor issues={issues} path="release" />
        </label>
      </div>
      <fieldset className="study-tasks">
        <legend>Tasks</legend>
        <label className="inline">
          <input type="radio" name="study-tasks" checked={f.mode === 'all'} onChange={() => set({ mode: 'all' })} /> All tasks of the release
        </label>
        <label className="inline">
          <input type="radio" name="study-tasks" checked={f.mode === 'sample'} onChange={() => set({ mode: 'sample' })} /> A sample, stratified by K and type
        </label>
        {f.mode === 'sample' && (
          <div className="row">
            <label className="field">
              Sample size
              <input type="number" min={1} value={f.size} onChange={(e) => set({ size: e.target.value })} />
              <IssueFor issues={issues} path="tasks.size" />
            </label>
            <label className="field">
              Seed
              <input type="number" min={0} value={f.seed} onChange={(e) => set({ seed: e.target.value })} />
              <IssueFor issues={issues} path="tasks.seed" />
            </label>
          </div>
        )}
      </fieldset>
      <fieldset className="study-pilots">
        <legend>Pilots</legend>
        {pilots.length === 0 && <p className="muted">No active pilot accounts. Create accounts with the role “pilot” on the Users page.</p>}
        {pilots.map((p) => (
          <label key={p.username} className="inline">
            <input type="checkbox" checked={f.pilots.includes(p.username)} onChange={() => togglePilot(p.username)} /> {p.username}
          </label>
        ))}
        <IssueFor issues={issues} path="pilots" />
      </fieldset>
      {f.pilots.length > 0 && (
        <fieldset className="study-key-readers">
          <legend>Override: pilots who could read key questions</legend>
          <p className="muted small">
            A pilot who has ever been an adjudicator or maintainer gets no task of the study (those roles can read the release&apos;s key questions). Tick a pilot to let them in
            anyway; the override is recorded in the study.
          </p>
          {f.pilots.map((p) => (
            <label key={p} className="inline">
              <input
                type="checkbox"
                checked={f.allowKeyReaders.includes(p)}
                onChange={() => set({ allowKeyReaders: f.allowKeyReaders.includes(p) ? f.allowKeyReaders.filter((x) => x !== p) : [...f.allowKeyReaders, p] })}
              />{' '}
              Let {p} in
            </label>
          ))}
          <IssueFor issues={issues} path="allowKeyReaders" />
        </fieldset>
      )}
      <div className="row study-fields">
        <label className="field">
          Pilots per task
          <input type="number" min={1} max={50} value={f.pilotsPerTask} onChange={(e) => set({ pilotsPerTask: e.target.value })} />
          <IssueFor issues={issues} path="pilotsPerTask" />
        </label>
        <label className="field">
          Max responses (questions and the code)
          <input type="number" min={1} max={20} value={f.maxRounds} onChange={(e) => set({ maxRounds: e.target.value })} />
          <IssueFor issues={issues} path="maxRounds" />
        </label>
        <label className="field">
          Similarity threshold
          <input type="number" min={0} max={1} step={0.05} value={f.threshold} onChange={(e) => set({ threshold: e.target.value })} />
          <IssueFor issues={issues} path="threshold" />
        </label>
        <label className="field">
          Time limit per task (minutes, optional)
          <input type="number" min={1} max={600} value={f.timeLimit} onChange={(e) => set({ timeLimit: e.target.value })} />
          <IssueFor issues={issues} path="timeLimitMinutes" />
        </label>
      </div>
      <p className="muted small">
        Each pilot gets at most one task per problem, never a problem they annotated or adjudicated; the load is balanced as in automatic assignment.
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      {issues.length > 0 && !error && (
        <p className="error" role="alert">
          Fix the fields marked above.
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Create study
        </button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { useResource } from '../../../resources/useResource';
import { Link } from '../../../router';
import { judgeAudits } from '../../../../../shared/api/judgeAudits';
import { fmt } from './format';
import { TableHead } from '../../../components/TableHead';
import { LoadError } from '../../../components/ErrorMessage';

const auditHref = (name: string) => `/judge-audits/${encodeURIComponent(name)}`;
const ci = ([low, high]: [number | null, number | null]) => `[${fmt(low)}, ${fmt(high)}]`;

/** Maintainers: every audit with its judge, progress, κ and interval, and a form to draw a new one. */
function AuditList({ models }: { models: readonly string[] }) {
  const loaded = useResource(judgeAudits.list);
  const audits = loaded.data?.audits ?? [];
  return (
    <>
      <LoadError error={loaded.error} fallback="The audits could not be loaded." />
      {loaded.data && audits.length === 0 && <p className="notice">No audit yet.</p>}
      {audits.length > 0 && (
        <table aria-label="Judge audits">
          <TableHead columns={['audit', 'model', 'judge', 'labels', 'n', 'accuracy', 'κ', '95% interval']} />
          <tbody>
            {audits.map((a) => (
              <tr key={a.name}>
                <td>
                  <Link href={auditHref(a.name)}>{a.name}</Link>
                </td>
                <td>{a.model}</td>
                <td>{a.judge}</td>
                <td>
                  {a.progress.labels} of {a.progress.needed}
                </td>
                <td>{a.n}</td>
                <td>{fmt(a.accuracy)}</td>
                <td>{fmt(a.kappa)}</td>
                <td>{ci(a.kappa_ci)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateAudit models={models} />
    </>
  );
}

function CreateAudit({ models }: { models: readonly string[] }) {
  const [model, setModel] = useState(models[0] ?? '');
  const [name, setName] = useState('');
  const [size, setSize] = useState('50');
  const [seed, setSeed] = useState('1');
  const [labelers, setLabelers] = useState<1 | 2>(1);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function create(e: FormEvent) {
    e.preventDefault();
    try {
      const made = await call(judgeAudits.create, { body: { name, model, size: Number(size), seed: Number(seed), labelers } });
      setMessage({ ok: true, text: `Audit ${made.name} drawn: ${made.size} question turns for adjudicators to label.` });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : String(err) });
    }
  }

  return (
    <form className="row" onSubmit={(e) => void create(e)} aria-label="Draw a judge audit">
      <label className="field">
        Run
        <select value={model} onChange={(e) => setModel(e.target.value)}>
          {models.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <label className="field">
        Audit name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} />
      </label>
      <label className="field">
        Question turns
        <input type="number" min={1} value={size} onChange={(e) => setSize(e.target.value)} required />
      </label>
      <label className="field">
        Seed
        <input type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} required />
      </label>
      <label className="field">
        Labellers per item
        <select value={labelers} onChange={(e) => setLabelers(e.target.value === '2' ? 2 : 1)}>
          <option value="1">1</option>
          <option value="2">2</option>
        </select>
      </label>
      <button type="submit">Draw audit</button>
      {message && (
        <span className={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </span>
      )}
    </form>
  );
}

/** Adjudicators: the audits they can label, with their own progress only. */
function LabellingQueue() {
  const loaded = useResource(judgeAudits.queue);
  const audits = loaded.data?.audits ?? [];
  if (loaded.data && audits.length === 0) return <p className="notice">No audit to label.</p>;
  return (
    <ul>
      {audits.map((a) => (
        <li key={a.name}>
          <Link href={`${auditHref(a.name)}/label`}>{a.name}</Link>: you labelled {a.done} of {a.items}
          {a.open > 0 ? `, ${a.open} open to you` : ', nothing left for you'}
        </li>
      ))}
    </ul>
  );
}

/** The judge view's audits: a human check of a run's hit labels, as the paper backs its judge (κ = 0.89). */
export function JudgeAuditsPanel({ maintainer, models }: { maintainer: boolean; models: readonly string[] }) {
  return (
    <section className="card" aria-labelledby="audits-h">
      <h2 id="audits-h">Judge audits</h2>
      <p className="muted">
        People label a sample of a run&apos;s question turns blind (which key question each asks, or none); Cohen&apos;s κ sets their labels against the
        run&apos;s judge, with a 95% bootstrap interval.
      </p>
      {maintainer ? <AuditList models={models} /> : <LabellingQueue />}
    </section>
  );
}

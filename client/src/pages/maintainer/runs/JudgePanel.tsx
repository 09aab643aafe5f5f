import { useState } from 'react';
import { ApiError } from '../../../api';
import { useResource } from '../../../resources/useResource';
import { runs } from '../../../../../shared/api/runs';
import { fmt } from './format';
import { TableHead } from '../../../components/TableHead';
import { ErrorMessage } from '../../../components/ErrorMessage';

/** The lexical judge check of one run, at a threshold, with the sweep 0.20 … 0.60. */
export function JudgePanel({ models }: { models: readonly string[] }) {
  const [model, setModel] = useState(models[0] ?? '');
  const [threshold, setThreshold] = useState('0.40');
  const t = Number(threshold);
  const valid = threshold.trim() !== '' && t >= 0 && t <= 1;
  const loaded = useResource(model && valid ? runs.judgeCheck : null, { params: { model }, query: { threshold: t } });
  const check = loaded.error === undefined ? (loaded.data ?? null) : null;
  const error = !valid ? 'The threshold is a number between 0 and 1.' : loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);

  const m = check?.confusion_matrix;
  return (
    <section className="card" aria-labelledby="judge-h">
      <h2 id="judge-h">Judge check</h2>
      <p className="muted">
        Each question a run asked is compared with its task&apos;s key questions by TF-IDF similarity (the larger of word 1–2-gram and character 3–5-gram
        cosine); a similarity at or above the threshold is a lexical hit, set against the run&apos;s own hit label.
      </p>
      <div className="row">
        <label className="field">
          Model
          <select value={model} onChange={(e) => setModel(e.target.value)}>
            {models.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label className="field">
          Threshold
          <input type="number" min={0} max={1} step={0.05} value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        </label>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {check && m && (
        <div className="judge">
          <dl className="judge-figures">
            <dt>Question turns</dt>
            <dd>{check.n_turns}</dd>
            <dt>Accuracy</dt>
            <dd>{fmt(check.agreement_accuracy)}</dd>
            <dt>Cohen&apos;s κ</dt>
            <dd>{fmt(check.cohen_kappa)}</dd>
            <dt>Run&apos;s positive rate</dt>
            <dd>{fmt(check.gpt_positive_rate)}</dd>
            <dt>Lexical positive rate</dt>
            <dd>{fmt(check.ours_positive_rate)}</dd>
          </dl>
          <table aria-label="Confusion matrix" className="confusion">
            <TableHead columns={['', 'lexical hit', 'lexical miss']} />
            <tbody>
              <tr>
                <th>run says hit</th>
                <td>{m.tp}</td>
                <td>{m.fn}</td>
              </tr>
              <tr>
                <th>run says miss</th>
                <td>{m.fp}</td>
                <td>{m.tn}</td>
              </tr>
            </tbody>
          </table>
          <table aria-label="Threshold sweep">
            <TableHead columns={['threshold', 'accuracy', 'κ', 'lexical positive rate']} />
            <tbody>
              {check.threshold_sensitivity.map((row) => (
                <tr key={row.threshold}>
                  <td>{row.threshold.toFixed(2)}</td>
                  <td>{fmt(row.accuracy)}</td>
                  <td>{fmt(row.kappa)}</td>
                  <td>{fmt(row.ours_positive_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { pilots } from '../../../../shared/api/pilots';
import type { PageProps } from '../../routes';
import type { ReviewQuestion } from '../../../../shared/schemas/pilots';
import { studyHref } from '../maintainer/pilots/format';
import { ReviewItem } from './pilots/ReviewItem';
import '../maintainer/pilots/pilots.css';
import { ErrorMessage } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';

type Filter = 'all' | 'pending' | 'reviewed';

/**
 * /pilot-studies/:study/review — every pilot question of a study with the key question it matched
 * best and the similarity, side by side; the reviewed label becomes the pilot run's hit label.
 */
export default function PilotReviewPage({ params }: PageProps) {
  const study = params.study ?? '';
  const [filter, setFilter] = useState<Filter>('all');
  const loaded = useResource(pilots.questions, { params: { study }, query: { state: filter } });
  const data = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The questions could not be loaded.';

  const replace = (saved: ReviewQuestion) => data && loaded.set({ ...data, questions: data.questions.map((q) => (q.id === saved.id ? saved : q)) });
  const questions = data?.questions ?? [];
  const pending = questions.filter((q) => q.reviewed === null).length;
  return (
    <section className="page pilot-review">
      <BackLink href={studyHref(study)}>Study {study}</BackLink>
      <h1>Review pilot questions: {study}</h1>
      <p className="muted">
        Each question was answered live by lexical similarity{data ? ` (threshold ${data.threshold.toFixed(2)})` : ''}. Confirm the live label or correct it: a hit is a
        question that asks for a key question not yet covered. The reviewed label is the pilot run&apos;s hit label; the live one is kept.
      </p>
      <div className="row">
        <label className="field">
          Show
          <select value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="all">All questions</option>
            <option value="pending">Not reviewed yet</option>
            <option value="reviewed">Reviewed</option>
          </select>
        </label>
        {data && (
          <span className="muted" role="status">
            {questions.length} question{questions.length === 1 ? '' : 's'}, {pending} not reviewed
          </span>
        )}
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {!data && !error && <p className="loading">Loading questions…</p>}
      {data && questions.length === 0 && <p className="notice">No questions here.</p>}
      {questions.length > 0 && (
        <ol className="review-list" aria-label="Pilot questions">
          {questions.map((q) => (
            <ReviewItem key={q.id} study={study} item={q} onReviewed={replace} />
          ))}
        </ol>
      )}
    </section>
  );
}

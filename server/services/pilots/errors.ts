/** Every error the pilot services raise, built in this one place: domain errors, one code per meaning. */
import { DomainError, notFound, validationFailed } from '../../domain/errors';

export const pilotErrors = {
  noStudy: (name: string) => notFound(`No pilot study named "${name}".`),
  studyTaken: (name: string) => new DomainError('name_taken', `A pilot study named "${name}" already exists.`),
  /** A session that does not exist or is not the caller's: the same answer, so ids reveal nothing. */
  noSession: () => notFound('No such task in your list.'),
  noQuestion: (id: number) => notFound(`No question ${id} in this study.`),
  field: (path: string, message: string) => validationFailed([{ path, message }]),
  notStarted: () => new DomainError('not_ready', "This task's clock has not started: press Ready to open it."),
  submitted: () => new DomainError('read_only', 'This task is submitted: nothing can change any more.'),
  coding: () => new DomainError('questions_closed', 'You chose to write code: no more questions on this task.'),
  noRoundsLeft: () => new DomainError('questions_closed', 'No question rounds left: only "Write code" remains.'),
  pastDeadline: () => new DomainError('questions_closed', 'The time limit of this task has passed: only "Write code" remains.'),
  staleCode: (version: number) =>
    new DomainError('stale_version', 'The code was saved elsewhere since you loaded it; reload to continue.', { version }),
  staleReview: (currentVersion: number, by: string | null) =>
    new DomainError(
      'stale_version',
      `This question was reviewed elsewhere since you loaded it${by ? ` (by ${by})` : ''}; reload to see that review. Nothing was overwritten.`,
      { currentVersion },
    ),
  releasePublished: (release: string, at: string) =>
    new DomainError(
      'release_published',
      `allowPublished: release "${release}" was published on ${at.slice(0, 10)}: a pilot could look a task's text up in it and find its key questions. Draw the study from an unpublished release, or allow it (allowPublished: true, --allow-published); the study then records it.`,
    ),
  runNameTaken: (model: string) => new DomainError('name_taken', `A run of model "${model}" exists and is not this pilot's run.`),
};

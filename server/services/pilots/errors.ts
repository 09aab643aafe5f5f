/**
 * Every error the pilot services raise, built in this one place (so that turning them into
 * domain errors later is one edit).
 */
import { conflict, notFound, validationFailed } from '../../http/errors';

export const pilotErrors = {
  noStudy: (name: string) => notFound(`No pilot study named "${name}".`),
  studyTaken: (name: string) => conflict(`A pilot study named "${name}" already exists.`),
  /** A session that does not exist or is not the caller's: the same answer, so ids reveal nothing. */
  noSession: () => notFound('No such task in your list.'),
  noQuestion: (id: number) => notFound(`No question ${id} in this study.`),
  field: (path: string, message: string) => validationFailed([{ path, message }]),
  submitted: () => conflict('This task is submitted: nothing can change any more.'),
  coding: () => conflict('You chose to write code: no more questions on this task.'),
  noRoundsLeft: () => conflict('No question rounds left: only "Write code" remains.'),
  pastDeadline: () => conflict('The time limit of this task has passed: only "Write code" remains.'),
  staleCode: (version: number) => conflict('The code was saved elsewhere since you loaded it; reload to continue.', { version }),
  runNameTaken: (model: string) => conflict(`A run of model "${model}" exists and is not this pilot's run.`),
};

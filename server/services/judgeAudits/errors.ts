/** Every error the judge audit services raise, built in this one place: domain errors, one code per meaning. */
import { DomainError, invalid, notFound, validationFailed } from '../../domain/errors';

export const auditErrors = {
  noAudit: (name: string) => notFound(`No judge audit named "${name}".`),
  /** An item id of another audit or none at all: the same answer, so ids reveal nothing. */
  noItem: (id: number) => notFound(`No item ${id} in this audit.`),
  nameTaken: (name: string) => new DomainError('name_taken', `A judge audit named "${name}" already exists.`),
  noRun: (model: string) => notFound(`No run of model "${model}"; \`runs report\` lists the stored runs.`),
  noTurns: (model: string) => invalid(`The run of "${model}" asked no clarification question: there is nothing to audit.`),
  field: (path: string, message: string) => validationFailed([{ path, message }]),
  /** Every label an item needs is given (by other labellers): it is not the caller's to label. */
  full: (id: number) => new DomainError('read_only', `Item ${id} already has all its labels from other adjudicators; take the next item.`),
};

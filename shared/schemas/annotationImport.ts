import { z } from 'zod';
import { username } from './auth';
import { pointSchema } from './point';

/**
 * One line of an external double-annotation file: one annotator's submitted work on one
 * problem, with offsets into the problem's base text.
 */
export const importedAnnotationLine = z.object({
  question_id: z.string().trim().min(1, 'is required'),
  annotator: username,
  points: z.array(pointSchema).max(20),
});
export type ImportedAnnotationLine = z.infer<typeof importedAnnotationLine>;

export interface AnnotationImportSummary {
  /** Annotations in the file. */
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  assignmentsCreated: number;
  /** Annotators created by the import: accounts with an unusable random password. */
  usersCreated: string[];
}

import { askQuestionBody, MAX_QUESTION_CHARS } from '../../../../shared/schemas/pilots';

/**
 * Why a question would be refused, in the pilot's words, or null when it may be asked. The
 * shared schema decides (the server checks the same one and has the last word).
 */
export function questionProblem(question: string): string | null {
  const checked = askQuestionBody.safeParse({ question });
  if (checked.success) return null;
  if (question.trim() === '') return 'Write a question first: an empty question is not asked.';
  if (question.length >= MAX_QUESTION_CHARS) {
    return `A question must be shorter than ${MAX_QUESTION_CHARS.toLocaleString('en')} characters; yours has ${question.length.toLocaleString('en')}. Ask about one thing at a time.`;
  }
  return checked.error.issues[0]?.message ?? 'This question cannot be asked.';
}

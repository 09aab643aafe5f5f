/**
 * The benchmark's response budget (`run_task`'s max_turns, the study's maxRounds, default 6):
 * every response counts, the code included. So a pilot asks at most max − 1 questions and still
 * writes code as the last response, or asks a max-th question, which ends the task without code.
 * No one can make a (max + 1)-th response.
 */
export interface ResponseBudget {
  /** Responses allowed in all (questions and the code). */
  responses: number;
  /** Questions asked so far. */
  asked: number;
  /** Questions that still leave room for code after them. */
  questionsLeft: number;
  /** True when the next response is the last: code, or a question that ends the task. */
  lastResponse: boolean;
}

export function responseBudget(maxResponses: number, asked: number): ResponseBudget {
  const left = Math.max(0, maxResponses - asked);
  return { responses: maxResponses, asked, questionsLeft: Math.max(0, left - 1), lastResponse: left === 1 };
}

/** Whether this question, when answered, ends the task (it is the last response allowed). */
export const questionEndsTask = (maxResponses: number, asked: number): boolean => asked + 1 >= maxResponses;

/** What the page says is left, e.g. "2 questions left, or write code now". */
export function budgetText(b: ResponseBudget): string {
  if (b.lastResponse) return 'Last response: write code now, or ask one last question — it ends the task without code.';
  if (b.questionsLeft === 0) return 'Write code now.';
  return `${b.questionsLeft} question${b.questionsLeft === 1 ? '' : 's'} left, or write code now.`;
}

import { describe, expect, it } from 'vitest';
import { budgetText, questionEndsTask, responseBudget } from '../../shared/pilots/budget';
import { questionTurn, sessionRunLine } from '../../shared/pilots/protocol';
import { extractCode } from '../../shared/runs/extractCode';

describe('the response budget (run_task max_turns)', () => {
  it('says what is left: questions that still leave room for code, then the last response', () => {
    expect(budgetText(responseBudget(6, 3))).toBe('2 questions left, or write code now.');
    expect(budgetText(responseBudget(6, 4))).toBe('1 question left, or write code now.');
    expect(budgetText(responseBudget(6, 5))).toBe('Last response: write code now, or ask one last question — it ends the task without code.');
    expect(responseBudget(6, 6)).toEqual({ responses: 6, asked: 6, questionsLeft: 0, lastResponse: false });
    expect([4, 5].map((asked) => questionEndsTask(6, asked))).toEqual([false, true]);
  });
});

describe("extract_code (the benchmark's)", () => {
  it('takes the [CODE] payload or the first python fence, whichever is first, else the whole text', () => {
    expect(extractCode('[CODE]\nprint(1)\n[/CODE]')).toBe('print(1)');
    expect(extractCode('text\n```python\nx = 1\n```\n[CODE]y[/CODE]')).toBe('x = 1');
    expect(extractCode('```js\nno\n```\n```\nyes\n```')).toBe('yes');
    expect(extractCode('[QUESTION]\nIs it sorted?\n[/QUESTION]')).toBe('[QUESTION]\nIs it sorted?\n[/QUESTION]');
    expect(extractCode('def main():\n    pass\nif __name__ == "__main__":\n    main()')).toBe('def main():\n    pass\nmain()');
    expect(extractCode('')).toBe('');
  });
});

describe('a session ended by its last question', () => {
  it('has no code response; turns = the questions; final_code = extract_code of the last response', () => {
    const turns = Array.from({ length: 6 }, (_, i) => ({ question: `q${i}?`, answer: 'A.', liveKey: null, reviewed: null }));
    const line = sessionRunLine({ taskId: 'task_1', questionId: 'abc_a', text: 'T', keyQuestions: [{ question: 'k?', answer: 'a' }], turns, code: null });
    expect(line.turns).toBe(6);
    expect(line.response_contents).toHaveLength(6);
    expect(line.final_code).toBe(questionTurn('q5?'));
    const coded = sessionRunLine({ taskId: 'task_1', questionId: 'abc_a', text: 'T', keyQuestions: [], turns: turns.slice(0, 5), code: 'print(1)' });
    expect([coded.turns, coded.final_code]).toEqual([6, 'print(1)']);
  });
});

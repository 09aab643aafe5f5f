import { z } from 'zod';

/**
 * One LiveCodeBench `code_generation_lite` record (a line of its JSONL files).
 * Unknown keys are ignored; `private_test_cases` (often megabytes) is optional because
 * redistributed subsets drop it.
 */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

const QUESTION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

const testCase = z.object({
  input: z.string(),
  output: z.string(),
  testtype: z.enum(['stdin', 'functional']),
});

function parsesAs(schema: z.ZodType, text: string): boolean {
  try {
    return schema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

export const lcbRecord = z.object({
  question_id: z.string().regex(QUESTION_ID, '1–100 letters, digits, "_", "." or "-"'),
  question_title: z.string().trim().min(1, 'must not be empty'),
  question_content: z.string().refine((s) => s.trim() !== '', 'must not be empty'),
  platform: z.string().trim().min(1, 'must not be empty'),
  contest_id: z.string(),
  contest_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'must be a date like 2025-01-25T00:00:00'),
  difficulty: z.enum(DIFFICULTIES),
  starter_code: z.string(),
  public_test_cases: z
    .string()
    .refine((s) => parsesAs(z.array(testCase), s), 'must be a JSON string holding a list of {input, output, testtype}'),
  private_test_cases: z.string().optional(),
  metadata: z
    .string()
    .refine((s) => parsesAs(z.record(z.string(), z.unknown()), s), 'must be a JSON string holding an object')
    .optional(),
});
export type LcbRecord = z.infer<typeof lcbRecord>;

/** The outcome of one import: every line of the file lands in exactly one count. */
export interface ImportSummary {
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** One problem in a file that cannot be imported: `line N: field: message`. */
export interface ImportIssue {
  line: number;
  field: string;
  message: string;
}

export function formatImportIssue(issue: ImportIssue): string {
  const where = issue.line > 0 ? `line ${issue.line}: ` : '';
  return `${where}${issue.field ? `${issue.field}: ` : ''}${issue.message}`;
}

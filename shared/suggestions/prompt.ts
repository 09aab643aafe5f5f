/**
 * The prompt that asks a chat model for ambiguity points. Versioned: every
 * generated suggestion stores PROMPT_VERSION, and a job skips the problems that already have a
 * suggestion of its agent made with this version. Change the text → change the version.
 */
import { z } from 'zod';
import { MAX_POINTS } from '../edits';
import { typeSchema } from '../schemas/point';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../taxonomy';

export const PROMPT_VERSION = 'ccb-suggest-1';

/** What the model must answer: up to three points, each deleting quoted spans of the statement. */
export const modelAnswerSchema = z.object({
  points: z
    .array(
      z.object({
        deleted_spans: z.array(z.string().min(1)).min(1).max(8),
        question: z.string().min(1),
        answer: z.string().min(1),
        type: typeSchema,
      }),
    )
    .max(MAX_POINTS),
});
export type ModelAnswer = z.output<typeof modelAnswerSchema>;
export type ModelPoint = ModelAnswer['points'][number];

/** The JSON schema of the answer, made from the zod schema (sent as response_format's schema). */
export function answerJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(modelAnswerSchema) as Record<string, unknown>;
  return schema;
}

/** The structured-output request part: `response_format` of the chat-completions API. */
export function responseFormat(): { type: 'json_schema'; json_schema: { name: string; strict: true; schema: Record<string, unknown> } } {
  return { type: 'json_schema', json_schema: { name: 'ambiguity_points', strict: true, schema: answerJsonSchema() } };
}

function systemText(structured: boolean): string {
  const types = AMBIGUITY_TYPES.map((t) => `- ${t}: ${TYPE_DEFINITIONS[t]}`).join('\n');
  const lines = [
    'You help build a benchmark of underspecified programming tasks. You get the statement of a programming problem.',
    `Propose up to ${MAX_POINTS} ambiguity points. Each point deletes information from the statement so that a careful programmer would have to ask one clarification question before writing code.`,
    'Rules for deletions:',
    '- Delete only: copy each deleted span exactly as it appears in the statement (same words, same punctuation), and never rewrite or add text.',
    '- Quote a span long enough to occur only once in the statement.',
    '- The task must still read naturally and keep its objective after the deletion.',
    '- Spans of different points must not overlap.',
    'For each point give: the deleted spans, the key question a model should ask, the answer (drawn from the deleted text), and one type from this list:',
    types,
  ];
  if (!structured) {
    lines.push(
      'Answer with one JSON object and nothing else, of this shape:',
      '{"points": [{"deleted_spans": ["exact text from the statement"], "question": "…", "answer": "…", "type": "one of the types above"}]}',
    );
  }
  return lines.join('\n');
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The messages for one problem; without structured output the system message spells out the JSON shape. */
export function promptMessages(baseText: string, structured: boolean): ChatMessage[] {
  return [
    { role: 'system', content: systemText(structured) },
    { role: 'user', content: `Statement:\n${baseText}` },
  ];
}

/** The answer's JSON text: a code fence around it (common without structured output) is taken off. */
export function answerJsonText(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(content);
  return fenced ? fenced[1]! : content;
}

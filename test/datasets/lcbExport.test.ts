/**
 * `runs export-lcb` of the example run gives, task for task, the codes the benchmark's own
 * scripts/prepare_pass1.py extracts. The digests below are of prepare_pass1.py's output file
 * (fangz-cs/ClarifyCodeBench commit 5e2d5b5, Python 3.11) on the example run and on a variant of
 * it built here the same way, whose codes all come from extract_code (fence, tag, __main__ rules).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseRecord } from '../../shared/release/format';
import { PADDING_CODE } from '../../shared/runs/pass1';
import { runCli } from '../support/cli';
import { EXAMPLE_RUN, LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDir } from '../support/db';
import { acceptedByEvaluator } from '../support/lcbEvaluator';

/** sha256 of prepare_pass1.py's output (`--run example-model.jsonl`). */
const PYTHON_EXAMPLE_SHA256 = '68ccea3da21724a39f34637f44aa8fd6d82f597f9dbf31f7183d68608e63f99a';
/** sha256 of prepare_pass1.py's output on the variant written by `writeVariant`. */
const PYTHON_VARIANT_SHA256 = '08c4e323349a883f3c413a64e7be35fadfcb4a57f51f251f9fdb1261bfaef893';

type RunRecordLine = { id: string; task_id: string; final_code?: string; response_contents?: string[] };
const readJsonl = <T>(file: string): T[] => fs.readFileSync(requireDataset(file), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);

const dir = tempDir('ccb-lcb-export-');
const db = path.join(dir, 'db.sqlite');
const release = readJsonl<ReleaseRecord>(PUBLIC_RELEASE);

/** The example run without final_code, its last response wrapped in prose and a python fence with a __main__ guard. */
function writeVariant(file: string): void {
  const wrap = (taskId: string, last: string) => `Here is my solution for ${taskId}:\n\`\`\`python\n# ${taskId}\n${last}\nif __name__ == "__main__":\n    main()\n\`\`\`\n`;
  const lines = readJsonl<RunRecordLine>(EXAMPLE_RUN).map((r) => {
    const { final_code: _dropped, ...rest } = r;
    const contents = r.response_contents!;
    return JSON.stringify({ ...rest, response_contents: [...contents.slice(0, -1), wrap(r.task_id, contents.at(-1)!)] });
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/**
 * prepare_pass1.py's file rebuilt from an export: one entry per run record in file order, the
 * record's code found by the order rule (its problem's entry, its index among that problem's
 * tasks in release order; the padding after them is not prepare_pass1.py's), written as Python's json.dump(ensure_ascii=False) writes it.
 */
function asPrepareOutput(runFile: string, exportFile: string): string {
  const codes = new Map((JSON.parse(fs.readFileSync(exportFile, 'utf8')) as { question_id: string; code_list: string[] }[]).map((e) => [e.question_id, e.code_list]));
  const order = new Map<string, string[]>();
  for (const t of release) order.set(t.question_id, [...(order.get(t.question_id) ?? []), t.task_id]);
  const entries = readJsonl<RunRecordLine>(runFile).map((r) => {
    const code = codes.get(r.id)![order.get(r.id)!.indexOf(r.task_id)]!;
    return `{"question_id": ${JSON.stringify(r.id)}, "code_list": [${JSON.stringify(code)}]}`;
  });
  return `[${entries.join(', ')}]`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function exportRun(runFile: string, model: string): Promise<string> {
  const imported = await runCli(['runs', 'import', runFile, '--model', model, '--release-file', PUBLIC_RELEASE, '--db', db]);
  expect(imported.status, imported.stderr).toBe(0);
  const out = path.join(dir, `${model}.json`);
  const exported = await runCli(['runs', 'export-lcb', '--model', model, '--out', out, '--problems', requireDataset(LCB_SUBSET), '--db', db]);
  expect(exported.status, exported.stderr).toBe(0);
  expect(exported.stdout).toContain(`80 entries for the LiveCodeBench evaluator: 419 tasks of 80 problems of ${model}\n`);
  return out;
}

beforeAll(() => writeVariant(path.join(dir, 'variant.jsonl')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('export-lcb of the example run', () => {
  it('one entry per problem of the window, each with its tasks in release order; codes byte-equal to prepare_pass1.py', async () => {
    const out = await exportRun(requireDataset(EXAMPLE_RUN), 'example');
    const entries = JSON.parse(fs.readFileSync(out, 'utf8')) as { question_id: string; code_list: string[] }[];
    const perProblem = new Map<string, number>();
    for (const t of release) perProblem.set(t.question_id, (perProblem.get(t.question_id) ?? 0) + 1);
    expect(entries.map((e) => e.question_id)).toEqual([...perProblem.keys()].sort());
    // Problems of 1, 2, 3 and 7 tasks (one problem lost a task): every code_list as long as the widest, padded past its own tasks.
    expect(new Set(perProblem.values())).toEqual(new Set([1, 2, 3, 7]));
    for (const e of entries) {
      expect(e.code_list, e.question_id).toHaveLength(7);
      expect(e.code_list.slice(perProblem.get(e.question_id)!), e.question_id).toEqual(Array(7 - perProblem.get(e.question_id)!).fill(PADDING_CODE));
    }
    const window = readJsonl<{ question_id: string }>(LCB_SUBSET).map((p) => p.question_id);
    expect(acceptedByEvaluator(entries, window)).toHaveLength(80);
    expect(sha256(asPrepareOutput(EXAMPLE_RUN, out))).toBe(PYTHON_EXAMPLE_SHA256);
  });

  it('also when every code comes from extract_code of the last response', async () => {
    const variant = path.join(dir, 'variant.jsonl');
    const out = await exportRun(variant, 'variant');
    const rebuilt = asPrepareOutput(variant, out);
    expect(rebuilt.startsWith('[{"question_id": "abc390_b", "code_list": ["# task_1\\n[CODE]\\nprint(input())\\n[/CODE]\\nmain()"]}, ')).toBe(true);
    expect(sha256(rebuilt)).toBe(PYTHON_VARIANT_SHA256);
  });
});

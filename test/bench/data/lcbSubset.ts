import fs from 'node:fs';
import { normalizeBaseText } from '../../../shared/baseText';
import { LCB_SUBSET, requireDataset } from '../../support/datasets';

/** A LiveCodeBench record as the public files hold it (the fields we use). */
export interface LcbRecord {
  question_id: string;
  question_title: string;
  question_content: string;
  platform: string;
  contest_id: string;
  contest_date: string;
  difficulty: string;
  starter_code: string;
  public_test_cases: string;
  metadata: string;
}

/** The 80 real problems of ../shared/datasets/lcb_v6_subset.jsonl, read in place. */
export function loadLcbSubset(): LcbRecord[] {
  const text = fs.readFileSync(requireDataset(LCB_SUBSET), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as LcbRecord);
}

export function baseTexts(records: readonly LcbRecord[]): string[] {
  return records.map((r) => normalizeBaseText(r.question_content));
}

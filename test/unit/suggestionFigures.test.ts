import { describe, expect, it } from 'vitest';
import { suggestionFigures, type ProvenancedPoint, type SuggestionPair } from '../../shared/suggestions/analysis';

const point = (start: number, end: number, provenance: ProvenancedPoint['provenance'], agent: string | null = null): ProvenancedPoint => ({ deletions: [[start, end]], type: 'Terminology', provenance, agent });
const pair = (questionId: string, a: ProvenancedPoint[], b: ProvenancedPoint[], exposedA: boolean, exposedB: boolean): SuggestionPair => ({
  questionId,
  baseLength: 100,
  annotatorA: 'anna',
  annotatorB: 'bert',
  pointsA: a,
  pointsB: b,
  exposedA,
  exposedB,
});

// Both saw suggestions and took the same suggested point: deletions [0, 10) on both sides.
const exposed = pair('p1', [point(0, 10, 'suggested', 'model-a')], [point(0, 10, 'suggested-edited', 'model-a')], true, true);
// Neither saw any: A deletes [0, 10), B deletes [50, 60), both their own.
const blind = pair('p2', [point(0, 10, 'own')], [point(50, 60, 'own')], false, false);
const mixed = pair('p3', [point(0, 10, 'own')], [point(0, 10, 'own')], true, false);

describe('the agreement split by exposure and provenance (hand-computed)', () => {
  const f = suggestionFigures({
    pairs: [exposed, blind, mixed],
    offered: new Map([['model-a', 4]]),
    acceptedPoints: [
      { agent: 'model-a', provenance: 'suggested' },
      { agent: 'model-a', provenance: 'suggested-edited' },
    ],
    goldAgents: ['model-a', null, null],
    times: [
      { activeMs: 1000, exposed: true },
      { activeMs: 3000, exposed: true },
      { activeMs: 500, exposed: false },
    ],
  });

  it('both exposed: the same deletions, one matched pair — F1 1, deletion κ 1', () => {
    expect(f.byExposure.both.problems).toBe(1);
    expect(f.byExposure.both.pointF1.value).toBe(1);
    expect(f.byExposure.both.deletionKappa.value).toBeCloseTo(1, 12);
  });

  it('neither exposed: disjoint deletions — F1 0, deletion κ = (0.8 − 0.82) / (1 − 0.82) = −1/9', () => {
    // 100 characters: 0 deleted by both, 10 only by A, 10 only by B, 80 kept by both.
    // p_o = 80/100 = 0.8; p_e = 0.1·0.1 + 0.9·0.9 = 0.82.
    expect(f.byExposure.neither.problems).toBe(1);
    expect(f.byExposure.neither.pointF1.value).toBe(0);
    expect(f.byExposure.neither.deletionKappa.value).toBeCloseTo(-1 / 9, 12);
    expect(f.byExposure.mixed).toBe(1);
    // One problem per subset: every bootstrap draw is that problem, so each interval is its value.
    expect(f.byExposure.both.intervals.pointF1).toMatchObject({ low: 1, high: 1, draws: 1000, undefinedDraws: 0 });
    expect(f.byExposure.neither.intervals.pointF1).toMatchObject({ low: 0, high: 0 });
    expect(f.byExposure.neither.intervals.deletionKappa.low).toBeCloseTo(-1 / 9, 12);
  });

  it('by provenance: the suggested points agree fully, the own points of p2 and p3 are pooled', () => {
    expect(f.byProvenance.suggested.problems).toBe(1);
    expect(f.byProvenance.suggested.pointF1.value).toBe(1);
    // own: p2 (no match) and p3 (one match) → 2·1 / (2 + 2) = 0.5.
    expect(f.byProvenance.own.problems).toBe(2);
    expect(f.byProvenance.own.pointF1.value).toBe(0.5);
  });

  it('per agent: acceptance 2 of 4, edit 1 of 2, one gold point of three; time with and without', () => {
    expect(f.agents).toHaveLength(1);
    expect(f.agents[0]).toMatchObject({ agent: 'model-a', offered: 4, accepted: 2, edited: 1, goldPoints: 1 });
    expect(f.agents[0]!.acceptanceRate.value).toBe(0.5);
    expect(f.agents[0]!.editRate.value).toBe(0.5);
    expect(f.agents[0]!.goldShare.value).toBeCloseTo(1 / 3, 12);
    expect(f.gold).toEqual({ points: 3, fromSuggestions: 1 });
    expect(f.time.withSuggestions).toEqual({ annotations: 2, meanActiveMs: 2000 });
    expect(f.time.without).toEqual({ annotations: 1, meanActiveMs: 500 });
  });
});

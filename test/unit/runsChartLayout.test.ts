import { describe, expect, it } from 'vitest';
import { kBarsLayout, MAX_BAR_W, MAX_PLOT_W } from '../../client/src/pages/maintainer/runs/chartLayout';

describe('the per-K bar chart layout', () => {
  it('keeps full-width bars while few runs fit', () => {
    expect(kBarsLayout(3, 3)).toEqual({ barW: MAX_BAR_W, groupW: 6 * MAX_BAR_W + 26, width: 40 + 3 * (6 * MAX_BAR_W + 26) + 10 });
  });

  it('narrows the bars as runs are added, so the chart never grows past the plot width', () => {
    for (const runs of [10, 20, 40, 60]) {
      const layout = kBarsLayout(runs, 3);
      expect(layout.width, `${runs} runs`).toBeLessThanOrEqual(40 + MAX_PLOT_W + 10);
      expect(layout.barW).toBeLessThan(MAX_BAR_W);
    }
    expect(kBarsLayout(20, 3).barW).toBeGreaterThan(kBarsLayout(40, 3).barW);
  });
});

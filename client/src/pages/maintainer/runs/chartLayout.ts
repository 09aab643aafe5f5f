/** Geometry of the per-K bar chart: bars narrow as runs are added, so the chart keeps inside the page. */
export const MAX_BAR_W = 18;
export const MIN_BAR_W = 1;
export const GROUP_GAP = 26;
/** The widest the plot gets (SVG units); the page scales the SVG further down on a narrow window. */
export const MAX_PLOT_W = 1040;
const LEFT = 40;
const RIGHT = 10;

export interface KBarsLayout {
  barW: number;
  groupW: number;
  width: number;
}

export function kBarsLayout(runCount: number, kCount: number): KBarsLayout {
  const bars = Math.max(1, runCount * 2);
  const groups = Math.max(1, kCount);
  const fit = (MAX_PLOT_W / groups - GROUP_GAP) / bars;
  const barW = Math.max(MIN_BAR_W, Math.min(MAX_BAR_W, Math.floor(fit * 10) / 10));
  const groupW = bars * barW + GROUP_GAP;
  return { barW, groupW, width: LEFT + groups * groupW + RIGHT };
}

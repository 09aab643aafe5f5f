export const ROLES = ['annotator', 'adjudicator', 'maintainer'] as const;
export type Role = (typeof ROLES)[number];

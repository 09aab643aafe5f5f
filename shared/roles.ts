export const ROLES = ['annotator', 'adjudicator', 'maintainer', 'pilot'] as const;
export type Role = (typeof ROLES)[number];

import type { Role } from '../../shared/roles';

/** Demo accounts: fixed, documented passwords for a local demo on 127.0.0.1. */
export const DEMO_ACCOUNTS: { username: string; role: Role; password: string }[] = [
  { username: 'mara', role: 'maintainer', password: 'mara-demo-pass' },
  { username: 'ada', role: 'adjudicator', password: 'ada-demo-pass' },
  { username: 'alice', role: 'annotator', password: 'alice-demo-pass' },
  { username: 'bob', role: 'annotator', password: 'bob-demo-pass' },
  { username: 'carol', role: 'annotator', password: 'carol-demo-pass' },
  { username: 'pia', role: 'pilot', password: 'pia-demo-pass' },
];

const PUBLISHED = new Set(DEMO_ACCOUNTS.map((a) => a.password.toLowerCase()));

/** One of the demo's published passwords (in any letter case), whoever's account it would be. */
export const isDemoPassword = (password: string): boolean => PUBLISHED.has(password.trim().toLowerCase());

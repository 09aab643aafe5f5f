// Types of preflight.mjs (plain JavaScript: `npm test` runs it before anything is compiled).
export interface RequiredPackage {
  pkg: string;
  file: string;
  why: string;
}

export interface PreflightPlan {
  action: 'none' | 'install' | 'stop';
  missing: RequiredPackage[];
  command?: string;
  message?: string;
}

export const REQUIRED: RequiredPackage[];

export function preflightPlan(machine: {
  required?: RequiredPackage[];
  exists: (file: string) => boolean;
  isRoot: boolean;
  hasApt: boolean;
}): PreflightPlan;

export function preflight(log?: (line: string) => void): boolean;

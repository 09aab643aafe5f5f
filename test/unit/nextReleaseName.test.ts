import { describe, expect, it } from 'vitest';
import { nextReleaseName } from '../../shared/release/nextName';

describe('the release name a new cut proposes', () => {
  it('is v1 when no release is versioned yet', () => {
    expect(nextReleaseName([])).toBe('v1');
    expect(nextReleaseName(['ClarifyCodeBench'])).toBe('v1');
  });

  it('follows the highest version, whatever else is stored beside it', () => {
    expect(nextReleaseName(['v1', 'v2'])).toBe('v3');
    expect(nextReleaseName(['v2', 'v1'])).toBe('v3');
    expect(nextReleaseName(['ClarifyCodeBench', 'v1'])).toBe('v2');
    expect(nextReleaseName(['v9', 'v10'])).toBe('v11');
    expect(nextReleaseName(['v2', 'draft-7'])).toBe('v3');
  });

  it('keeps the form of the highest version: a new cut is a minor step', () => {
    expect(nextReleaseName(['v1.3'])).toBe('v1.4');
    expect(nextReleaseName(['v0.2.0', 'v0.1.0'])).toBe('v0.3.0');
    expect(nextReleaseName(['1.2.5'])).toBe('1.3.0');
    expect(nextReleaseName(['v2', 'v1.9'])).toBe('v3');
  });

  it('never proposes a name already taken', () => {
    for (const names of [['v3', 'v3.0'], ['v3.0', 'v3'], ['V2', 'v1'], ['1', 'v1'], ['v1.9', 'v1.10']]) expect(names.map((n) => n.toLowerCase())).not.toContain(nextReleaseName(names).toLowerCase());
    expect(nextReleaseName(['v1.9', 'v1.10'])).toBe('v1.11');
  });
});

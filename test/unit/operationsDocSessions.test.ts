import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_HOURS, SESSION_MAX_DAYS, slidingExpiry } from '../../server/auth/sessions';

describe('docs/operations.md states the session timeouts', () => {
  it('gives the idle and the absolute limit the server applies', () => {
    const doc = fs.readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    expect(doc).toContain(`**${SESSION_IDLE_HOURS} hours without a request**`);
    expect(doc).toContain(`**${SESSION_MAX_DAYS} days after the login**`);
    // The limits as stated: idle renews up to the cap, never past it.
    const login = new Date('2026-01-01T00:00:00Z');
    expect(slidingExpiry(login, login).getTime() - login.getTime()).toBe(SESSION_IDLE_HOURS * 3600_000);
    const late = new Date(login.getTime() + SESSION_MAX_DAYS * 24 * 3600_000 - 3600_000);
    expect(slidingExpiry(login, late).getTime()).toBe(login.getTime() + SESSION_MAX_DAYS * 24 * 3600_000);
  });
});

import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../server/auth/passwords';
import { FIXTURE_SCRYPT } from '../support/builders';

describe('password hashes', () => {
  it("the server's hash is scrypt at N=2^15, r=8, p=1 with a 16-byte salt and a 32-byte key, and checks", async () => {
    const hash = await hashPassword('correct-horse-battery');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('correct-horse-battery', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-batterz', hash)).toBe(false);
  });

  it('two hashes of one password differ (a fresh salt each)', async () => {
    const [a, b] = await Promise.all([hashPassword('same', FIXTURE_SCRYPT), hashPassword('same', FIXTURE_SCRYPT)]);
    expect(a).not.toBe(b);
  });

  it('a check uses the parameters written in the hash: a fixture hash (N=2^10) checks, and its parameters cannot be swapped', async () => {
    const hash = await hashPassword('fixture-pass', FIXTURE_SCRYPT);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('fixture-pass', hash)).toBe(true);
    expect(await verifyPassword('fixture-pass', hash.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('no password matches the dummy hash or a malformed one', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

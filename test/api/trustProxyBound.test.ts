/** TRUST_PROXY never trusts everyone: a subnet wider than the documented bound is refused, naming the variable. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ConfigError, MIN_TRUST_PREFIX, readServerConfig } from '../../server/config';
import { startServer } from '../support/serverProcess';
import { tempDb, tempDir } from '../support/db';

const ctx = tempDb();
const dir = tempDir('ccb-trust-proxy-');
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const refusal = (value: string): string => {
  try {
    readServerConfig({ TRUST_PROXY: value });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

describe('TRUST_PROXY bound', () => {
  it('documents its bound: no wider than 10.0.0.0/8 and fc00::/7', () => {
    expect(MIN_TRUST_PREFIX).toEqual({ ipv4: 8, ipv6: 7 });
  });

  it.each([
    ['0.0.0.0/1,128.0.0.0/1', /^TRUST_PROXY: "0\.0\.0\.0\/1" trusts 2\^31 IPv4 addresses, so any client could name its own address/],
    ['0.0.0.0/0', /^TRUST_PROXY: "0\.0\.0\.0\/0" trusts every IPv4 address/],
    ['::/0', /^TRUST_PROXY: "::\/0" trusts every IPv6 address/],
    ['loopback, 10.0.0.0/7', /^TRUST_PROXY: "10\.0\.0\.0\/7" trusts 2\^25 IPv4 addresses/],
    ['2000::/3', /^TRUST_PROXY: "2000::\/3" trusts 2\^125 IPv6 addresses/],
    ['::ffff:0:0/96', /^TRUST_PROXY: "::ffff:0:0\/96" trusts every IPv4 address \(as IPv4-mapped IPv6\)/],
    ['::/8', /^TRUST_PROXY: "::\/8" trusts every IPv4 address \(as IPv4-mapped IPv6\)/],
    ['::ffff:0.0.0.0/97', /^TRUST_PROXY: "::ffff:0\.0\.0\.0\/97" trusts 2\^31 IPv4 addresses \(as IPv4-mapped IPv6\)/],
    ['10.0.0.0/33', /^TRUST_PROXY: "10\.0\.0\.0\/33": an IPv4 prefix is 0 to 32$/],
    ['::1/129', /^TRUST_PROXY: "::1\/129": an IPv6 prefix is 0 to 128$/],
  ])('refuses %s', (value, message) => {
    expect(refusal(value)).toMatch(message);
  });

  it('refuses a list whose entries together trust more than the ranges a proxy sits in: 256 /8 entries', () => {
    const all = Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`).join(',');
    expect(refusal(all)).toMatch(
      /^TRUST_PROXY: together its entries trust more than 2\^31 IPv4 addresses outside loopback, link-local and private ranges, so almost any client could name its own address; .* at most 2\^24 IPv4 addresses \(one \/8\)/,
    );
    expect(refusal('11.0.0.0/8, 12.0.0.0/8')).toMatch(/^TRUST_PROXY: together its entries trust 2\^25 IPv4 addresses/);
    expect(refusal('::ffff:11.0.0.0/104, 12.0.0.0/8')).toMatch(/^TRUST_PROXY: together its entries trust 2\^25 IPv4 addresses/);
    expect(refusal('2000::/7, 2200::/7')).toMatch(/^TRUST_PROXY: together its entries trust 2\^122 IPv6 addresses/);
  });

  it.each(['1', '10.0.0.0/8', 'loopback, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 127.0.0.0/8', '11.0.0.0/9, 11.128.0.0/9, 10.0.0.0/8', '11.0.0.0/8, 11.0.0.0/8', 'loopback, 10.0.0.0/8', '192.168.1.7', 'fc00::/7', '2001:db8::/32', '::ffff:10.0.0.0/104', '::1', 'loopback,linklocal,uniquelocal'])(
    'accepts %s, and express compiles it',
    (value) => {
      const trustProxy = readServerConfig({ TRUST_PROXY: value }).trustProxy;
      expect(trustProxy).not.toBe(false);
      expect(() => createApp({ db: ctx.db, log: () => {}, trustProxy })).not.toThrow();
    },
  );

  it('the server does not start on TRUST_PROXY=0.0.0.0/0: exit 1, the variable named, no stack', async () => {
    const server = await startServer({ CCB_DB: path.join(dir, 'x.sqlite'), TRUST_PROXY: '0.0.0.0/0', CCB_CLIENT_DIR: dir });
    expect(server.code).toBe(1);
    expect(server.stderr()).toMatch(/^TRUST_PROXY: "0\.0\.0\.0\/0" trusts every IPv4 address/);
    expect(server.stderr()).not.toMatch(/TypeError|\n\s+at /);
    expect(server.stdout()).toBe('');
  });
});

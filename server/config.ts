import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unionTooWide } from './trustProxyUnion';

/** The checkout: the nearest folder above this file with a package.json (server/.. from the sources, dist/server/../.. from the build). */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The runtime database lives in a git-ignored folder. */
export const DEFAULT_DB = path.join(ROOT, 'var', 'ccb.sqlite');
export const DEFAULT_CLIENT_DIR = path.join(ROOT, 'client', 'dist');
export const DATA_DIR = path.join(ROOT, 'data');

export function dbPath(explicit?: string): string {
  return path.resolve(explicit ?? process.env.CCB_DB ?? DEFAULT_DB);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** express's `trust proxy`: false, a hop count, or a comma-separated list of addresses/subnets/names. */
export type TrustProxy = false | number | string;

/** The server's settings, all from environment variables (docs/operations.md, "Settings", lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  dbFile: string;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Seed the demo accounts and problems into an empty database. */
  demo: boolean;
  clientDir: string;
}

/** A setting that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(`PORT: expected a port number 0–65535, got "${value}"`);
  return port;
}

/**
 * The widest subnet TRUST_PROXY may name: no wider than the widest named range (10.0.0.0/8 for
 * IPv4, fc00::/7 for IPv6). Wider ones (0.0.0.0/1, ::/0 …) would let any client forge its address.
 */
export const MIN_TRUST_PREFIX = { ipv4: 8, ipv6: 7 } as const;

/** IPv6 addresses that carry an IPv4 one (::ffff:a.b.c.d): express matches IPv4 clients against them too. */
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** "every IPv4 address" or "2^24 IPv4 addresses": how many a prefix of that width trusts. */
const howMany = (prefix: number, bits: number, family: string) => (prefix === 0 ? `every ${family} address` : `2^${bits - prefix} ${family} addresses`);

const tooWide = (entry: string, what: string) =>
  new ConfigError(
    `TRUST_PROXY: "${entry}" ${what}, so any client could name its own address; ` +
      `name the proxy's address or a subnet of at least /${MIN_TRUST_PREFIX.ipv4} (IPv4) or /${MIN_TRUST_PREFIX.ipv6} (IPv6), or loopback/linklocal/uniquelocal`,
  );

/** One address or subnet of TRUST_PROXY: a ConfigError when its prefix is out of range or wider than the bound. */
function checkSubnet(entry: string, address: string, prefixText: string | undefined): void {
  const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
  const bits = family === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) throw new ConfigError(`TRUST_PROXY: "${entry}": an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} prefix is 0 to ${bits}`);
  if (prefix < MIN_TRUST_PREFIX[family]) throw tooWide(entry, `trusts ${howMany(prefix, bits, family === 'ipv4' ? 'IPv4' : 'IPv6')}`);
  if (family === 'ipv4') return;
  // An IPv6 subnet holding IPv4-mapped addresses trusts the IPv4 clients they map: bound those too.
  const subnet = new net.BlockList();
  subnet.addSubnet(address, prefix, 'ipv6');
  const mappedPrefix = prefix <= 96 ? (subnet.check('::ffff:0:0', 'ipv6') ? 0 : null) : IPV4_MAPPED.check(address, 'ipv6') ? prefix - 96 : null;
  if (mappedPrefix !== null && mappedPrefix < MIN_TRUST_PREFIX.ipv4) throw tooWide(entry, `trusts ${howMany(mappedPrefix, 32, 'IPv4')} (as IPv4-mapped IPv6)`);
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new ConfigError('TRUST_PROXY: "true" would trust any client to name its own address; give the hop count (e.g. 1) or the proxy addresses');
  }
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    if (net.isIP(address) === 0 || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is neither a hop count nor an address, subnet (10.0.0.0/8) or loopback/linklocal/uniquelocal`);
    }
    checkSubnet(entry, address, prefix);
  }
  // Each entry is within the bound; the list as a whole must be too (trustProxyUnion.ts says why).
  const wide = unionTooWide(entries);
  if (wide) throw new ConfigError(wide);
  return text;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === value.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

function parseDemo(value: string | undefined): boolean {
  const text = (value ?? '').toLowerCase();
  if (text === '' || text === 'on') return true;
  if (text === 'off') return false;
  throw new ConfigError(`CCB_DEMO: expected "on" or "off", got "${value}"`);
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dbFile: path.resolve(env.CCB_DB || DEFAULT_DB),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    demo: parseDemo(env.CCB_DEMO),
    clientDir: path.resolve(env.CCB_CLIENT_DIR || DEFAULT_CLIENT_DIR),
  };
}

/** Loopback only: 127.0.0.0/8, ::1 and "localhost". Anything else (0.0.0.0, ::, a name) reaches other machines. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

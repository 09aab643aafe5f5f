/**
 * TRUST_PROXY bounded as a whole: each entry is bounded in config.ts, but many entries together
 * can still cover every address (256 × /8). A proxy sits on loopback, a link-local or a private
 * network, or at a few public addresses; so outside those ranges the list's union may trust at
 * most as many addresses as one entry may (one /8 of IPv4, one /7 of IPv6). IPv6 subnets holding
 * IPv4-mapped addresses count as the IPv4 addresses they map, since express matches IPv4 clients
 * against them.
 */
import net from 'node:net';

type Range = [bigint, bigint]; // inclusive

const V4_BITS = 32n;
const V6_BITS = 128n;
const MAPPED_BASE = 0xffff00000000n; // ::ffff:0:0

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((v, octet) => (v << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((v, g) => (v << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function rangeOf(address: string, prefix: number, bits: bigint): Range {
  const value = bits === V4_BITS ? ipv4Value(address) : ipv6Value(address);
  const hostBits = bits - BigInt(prefix);
  const start = (value >> hostBits) << hostBits;
  return [start, start + (1n << hostBits) - 1n];
}

const subnet = (address: string, prefix: number): Range => rangeOf(address, prefix, net.isIPv4(address) ? V4_BITS : V6_BITS);

/** Where a proxy sits: loopback, link-local, private / unique-local (express's keywords). */
export const PROXY_RANGES = {
  ipv4: [subnet('127.0.0.0', 8), subnet('169.254.0.0', 16), subnet('10.0.0.0', 8), subnet('172.16.0.0', 12), subnet('192.168.0.0', 16)],
  ipv6: [subnet('::1', 128), subnet('fe80::', 10), subnet('fc00::', 7)],
};

const KEYWORDS: Record<string, { ipv4: Range[]; ipv6: Range[] }> = {
  loopback: { ipv4: [PROXY_RANGES.ipv4[0]!], ipv6: [PROXY_RANGES.ipv6[0]!] },
  linklocal: { ipv4: [PROXY_RANGES.ipv4[1]!], ipv6: [PROXY_RANGES.ipv6[1]!] },
  uniquelocal: { ipv4: PROXY_RANGES.ipv4.slice(2), ipv6: [PROXY_RANGES.ipv6[2]!] },
};

function merged(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: Range[] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1] + 1n) last[1] = end > last[1] ? end : last[1];
    else out.push([start, end]);
  }
  return out;
}

const size = (ranges: readonly Range[]) => ranges.reduce((n, [s, e]) => n + e - s + 1n, 0n);

/** How many addresses of the union of `ranges` lie outside the proxy ranges. */
function outsideProxyRanges(ranges: readonly Range[], proxy: readonly Range[]): bigint {
  const union = merged(ranges);
  let inside = 0n;
  for (const [s, e] of union) {
    for (const [ps, pe] of proxy) {
      const lo = s > ps ? s : ps;
      const hi = e < pe ? e : pe;
      if (lo <= hi) inside += hi - lo + 1n;
    }
  }
  return size(union) - inside;
}

/** The most addresses the list may trust outside the proxy ranges: as many as one entry of the widest prefix allowed. */
export const UNION_BOUND = { ipv4: 1n << 24n, ipv6: 1n << 121n } as const;

const power = (n: bigint): string => {
  const bits = n.toString(2).length - 1;
  return n === 1n << BigInt(bits) ? `2^${bits}` : `more than 2^${bits}`;
};

/**
 * The entries' union (already checked one by one) outside the proxy ranges, or a message saying by
 * how much it exceeds the bound (null when within it).
 */
export function unionTooWide(entries: readonly string[]): string | null {
  const v4: Range[] = [];
  const v6: Range[] = [];
  for (const entry of entries) {
    const keyword = KEYWORDS[entry];
    if (keyword) {
      v4.push(...keyword.ipv4);
      v6.push(...keyword.ipv6);
      continue;
    }
    const [address = '', prefixText] = entry.split('/');
    const ipv4 = net.isIPv4(address);
    const range = rangeOf(address, prefixText === undefined ? (ipv4 ? 32 : 128) : Number(prefixText), ipv4 ? V4_BITS : V6_BITS);
    (ipv4 ? v4 : v6).push(range);
    if (ipv4) continue;
    // the IPv4 addresses an IPv6 subnet maps
    const lo = range[0] > MAPPED_BASE ? range[0] : MAPPED_BASE;
    const hi = range[1] < MAPPED_BASE + (1n << 32n) - 1n ? range[1] : MAPPED_BASE + (1n << 32n) - 1n;
    if (lo <= hi) v4.push([lo - MAPPED_BASE, hi - MAPPED_BASE]);
  }
  const outside = { ipv4: outsideProxyRanges(v4, PROXY_RANGES.ipv4), ipv6: outsideProxyRanges(v6, PROXY_RANGES.ipv6) };
  for (const family of ['ipv4', 'ipv6'] as const) {
    if (outside[family] <= UNION_BOUND[family]) continue;
    const name = family === 'ipv4' ? 'IPv4' : 'IPv6';
    return (
      `TRUST_PROXY: together its entries trust ${power(outside[family])} ${name} addresses outside loopback, link-local and private ranges, ` +
      `so almost any client could name its own address; a proxy sits in those ranges or at a few addresses, so at most ${power(UNION_BOUND[family])} ${name} addresses ` +
      `(one /${family === 'ipv4' ? 8 : 7}) may be trusted beyond them: name the proxies' addresses or subnets`
    );
  }
  return null;
}

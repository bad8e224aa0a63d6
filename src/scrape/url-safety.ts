/**
 * Static checks on user-supplied URLs and on resolved addresses. Pure and synchronous:
 * `checkPublicUrl` runs when a URL is stored and again before every fetch and redirect
 * hop; `isPublicAddress` runs at connect time on the address actually dialled (see
 * guarded-fetch.ts), which is what defeats DNS tricks a static check cannot see.
 */
import { isIP } from 'node:net';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface UrlCheckOptions {
  /** Exact `host:port` pairs (IPv6 as `[::1]:8080`) reachable over http or https even when loopback. */
  allowHosts?: readonly string[];
  /** Longest accepted URL, in characters; default 500. */
  maxLength?: number;
}

export const DEFAULT_MAX_URL_LENGTH = 500;

const IP_LITERAL = 'IP addresses are not accepted; use a hostname';
const INTERNAL_NAME = 'private or internal hostnames are not accepted';

/** Suffixes that only ever name this machine or a private network. */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'arpa'];

/** Labels WHATWG or inet_aton-style resolvers may read as part of an IPv4 number. */
const NUMERIC_LABEL = /^(0x[0-9a-f]*|[0-9]+)$/i;

export function checkPublicUrl(raw: string, opts: UrlCheckOptions = {}): UrlCheck {
  const maxLength = opts.maxLength ?? DEFAULT_MAX_URL_LENGTH;
  if (typeof raw !== 'string' || raw.trim() === '') return fail('a URL is required');
  if (raw.length > maxLength) return fail(`the URL is longer than ${maxLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('the URL is not valid');
  }
  // Percent-encoding can grow the URL past the limit after parsing.
  if (url.href.length > maxLength) return fail(`the URL is longer than ${maxLength} characters`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('the URL must use https');
  if (hasUserinfo(raw, url)) return fail('the URL must not contain a user name or password');
  if (isAllowlisted(url, opts.allowHosts)) return { ok: true, url };
  const allow = `; to reach ${hostPortKey(url.hostname, url.port, url.protocol)} anyway (a site on your own network), add it to GREENROOM_ALLOW_HOSTS`;
  if (url.protocol !== 'https:') return fail(`the URL must use https${allow}`);
  const problem = hostnameProblem(url.hostname);
  return problem === null ? { ok: true, url } : fail(`${problem}${allow}`);
}

/**
 * The `host:port` key the allowlist is matched against, with the scheme's default port
 * filled in. Accepts a hostname with or without IPv6 brackets, since undici hands the
 * connector the bare address.
 */
export function hostPortKey(hostname: string, port: string, protocol: string): string {
  const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
  const effectivePort = port !== '' ? port : protocol === 'https:' ? '443' : '80';
  return `${host.toLowerCase()}:${effectivePort}`;
}

export function normalizeAllowHosts(allowHosts: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((allowHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter((e) => e !== ''));
}

function isAllowlisted(url: URL, allowHosts: readonly string[] | undefined): boolean {
  if (allowHosts === undefined || allowHosts.length === 0) return false;
  return normalizeAllowHosts(allowHosts).has(hostPortKey(url.hostname, url.port, url.protocol));
}

function fail(reason: string): UrlCheck {
  return { ok: false, reason };
}

/** `https://@host/` parses with an empty user name, so the raw authority is checked too. */
function hasUserinfo(raw: string, url: URL): boolean {
  if (url.username !== '' || url.password !== '') return true;
  const authority = /^\s*[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i.exec(raw);
  return authority !== null && authority[1].includes('@');
}

function hostnameProblem(hostname: string): string | null {
  if (hostname.startsWith('[') || isIP(hostname) !== 0) return IP_LITERAL;
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === '') return 'the URL has no hostname';
  const labels = name.split('.');
  if (labels.some((label) => label === '')) return 'the hostname is not valid';
  if (labels.every((label) => NUMERIC_LABEL.test(label))) return IP_LITERAL;
  // No top-level domain is numeric; a resolver may still read such a name as an address.
  if (NUMERIC_LABEL.test(labels[labels.length - 1])) return IP_LITERAL;
  if (INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return INTERNAL_NAME;
  }
  if (labels.length < 2) return 'single-label hostnames are not accepted; use a full domain name';
  return null;
}

/** [first address, prefix length] of IPv4 blocks that are not public unicast. */
const IPV4_NON_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
];

const IPV4_BLOCKS = IPV4_NON_PUBLIC.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: ((parseIPv4(base) as number) & mask) >>> 0, mask };
});

/** True only for a public unicast address; anything unparseable is not public. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const v4 = parseIPv4(bare);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = parseIPv6(bare);
  return v6 !== null && isPublicV6(v6);
}

function isPublicV4(addr: number): boolean {
  return !IPV4_BLOCKS.some(({ base, mask }) => (addr & mask) >>> 0 === base);
}

function isPublicV6(g: readonly number[]): boolean {
  const embedded = embeddedIPv4(g);
  if (embedded !== null) return isPublicV4(embedded);
  // Only 2000::/3 is allocated as global unicast; ::, ::1, fc00::/7, fe80::/10, ff00::/8,
  // 100::/64 and 64:ff9b:1::/48 all fall outside it.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1] < 0x0200) return false; // 2001::/23 special purpose (Teredo, ORCHID...)
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x3fff && g[1] < 0x1000) return false; // 3fff::/20 documentation
  return true;
}

/**
 * IPv4 carried inside IPv6 reaches the IPv4 host, so it is judged as IPv4: mapped
 * (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96, which also covers
 * :: and ::1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIPv4(g: readonly number[]): number | null {
  const low = ((g[6] << 16) | g[7]) >>> 0;
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return low;
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return low;
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return low;
  if (g[0] === 0x2002) return ((g[1] << 16) | g[2]) >>> 0;
  return null;
}

/** Strict dotted decimal only; other notations are not addresses a resolver returns. */
function parseIPv4(s: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (m === null) return null;
  let out = 0;
  for (const part of m.slice(1)) {
    if (part.length > 1 && part.startsWith('0')) return null;
    const n = Number(part);
    if (n > 255) return null;
    out = out * 256 + n;
  }
  return out;
}

/** Eight 16-bit groups, or null when `s` is not an IPv6 address. */
function parseIPv6(s: string): number[] | null {
  if (isIP(s) !== 6) return null;
  let text = s;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] === '' ? [] : halves[0].split(':');
  const rest = halves.length === 2 && halves[1] !== '' ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const parsed = groups.map((group) => Number.parseInt(group, 16));
  return parsed.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? parsed : null;
}

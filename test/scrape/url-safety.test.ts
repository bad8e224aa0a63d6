import { describe, expect, it } from 'vitest';
import { checkPublicUrl, hostPortKey, isPublicAddress } from '../../src/scrape/url-safety.js';

const IP = /IP addresses are not accepted/;
const INTERNAL = /private or internal hostnames/;

describe('checkPublicUrl refuses', () => {
  const cases: Array<[label: string, url: string, reason: RegExp]> = [
    ['plain http', 'http://example.com/speakers', /must use https/],
    ['another scheme', 'ftp://example.com/file', /must use https/],
    ['javascript:', 'javascript:alert(1)', /must use https/],
    ['not a URL', 'speakers page', /not valid/],
    ['empty', '   ', /required/],
    ['dotted IPv4', 'https://93.184.216.34/', IP],
    ['dotted loopback', 'https://127.0.0.1/', IP],
    ['decimal IPv4', 'https://2130706433/', IP],
    ['hex IPv4', 'https://0x7f.1/', IP],
    ['hex whole IPv4', 'https://0x7f000001/', IP],
    ['octal IPv4', 'https://0177.0.0.1/', IP],
    ['short IPv4', 'https://127.1/', IP],
    ['metadata address', 'https://169.254.169.254/latest/meta-data/', IP],
    ['IPv6 loopback', 'https://[::1]/', IP],
    ['IPv6 public', 'https://[2606:4700::1111]/', IP],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/', IP],
    ['IPv4-compatible IPv6', 'https://[::127.0.0.1]/', IP],
    ['full-width digits', 'https://１２７.０.０.１/', IP],
    ['localhost', 'https://localhost/', INTERNAL],
    ['localhost with port', 'https://localhost:8443/', INTERNAL],
    ['localhost with trailing dot', 'https://localhost./', INTERNAL],
    ['subdomain of localhost', 'https://foo.localhost/', INTERNAL],
    ['upper-case localhost', 'https://LOCALHOST/', INTERNAL],
    ['.internal', 'https://metadata.google.internal/computeMetadata/v1/', INTERNAL],
    ['.local', 'https://printer.local/', INTERNAL],
    ['.home.arpa', 'https://router.home.arpa/', INTERNAL],
    ['single label', 'https://intranet/', /single-label/],
    ['empty label', 'https://conf..example.com/', /not valid/],
    ['user and password', 'https://user:pass@example.com/', /user name or password/],
    ['user only', 'https://user@example.com/', /user name or password/],
    ['empty userinfo', 'https://@example.com/', /user name or password/],
    ['501 characters', `https://example.com/${'a'.repeat(501 - 'https://example.com/'.length)}`, /longer than 500/],
  ];

  it.each(cases)('%s: %s', (_label, url, reason) => {
    const check = checkPublicUrl(url, {});
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });
});

describe('checkPublicUrl accepts', () => {
  it.each([
    'https://example.com/',
    'https://www.devconf.example.org/speakers?day=2#top',
    'https://conference.example.com:8443/2025/speakers',
    'https://sessionize.com/api/v2/abc123/view/Speakers',
    'https://0x7f.example.com/', // a hex-looking label inside a real name is just a name
    'https://example.com./',
    `https://example.com/${'a'.repeat(500 - 'https://example.com/'.length)}`,
  ])('%s', (url) => {
    const check = checkPublicUrl(url, {});
    expect(check).toMatchObject({ ok: true });
    if (check.ok) expect(check.url).toBeInstanceOf(URL);
  });

  it('honours a custom maxLength', () => {
    expect(checkPublicUrl('https://example.com/abcdef', { maxLength: 20 }).ok).toBe(false);
    expect(checkPublicUrl('https://example.com/abcdef', { maxLength: 30 }).ok).toBe(true);
  });
});

describe('checkPublicUrl allowlist', () => {
  const allowHosts = ['127.0.0.1:43121', 'LocalHost:8080', '[::1]:9000'];
  const accepted = ['http://127.0.0.1:43121/page', 'https://127.0.0.1:43121/page', 'http://localhost:8080/', 'https://localhost:8080/', 'http://[::1]:9000/'];
  const refused = [
    'http://127.0.0.1:43122/page', // same host, other port
    'https://127.0.0.1/', // default port is 443, not listed
    'http://127.0.0.1/', // default port is 80, not listed
    'http://localhost:8081/',
    'http://[::1]:9001/',
    'http://user:pw@127.0.0.1:43121/', // userinfo is refused even when listed
    'ftp://127.0.0.1:43121/',
  ];

  it.each(accepted)('accepts %s', (url) => {
    expect(checkPublicUrl(url, { allowHosts }).ok).toBe(true);
  });

  it.each(refused)('refuses %s', (url) => {
    expect(checkPublicUrl(url, { allowHosts }).ok).toBe(false);
  });

  it('fills in the default port before matching', () => {
    expect(checkPublicUrl('http://localhost/', { allowHosts: ['localhost:80'] }).ok).toBe(true);
    expect(checkPublicUrl('https://localhost/', { allowHosts: ['localhost:80'] }).ok).toBe(false);
    expect(hostPortKey('::1', '', 'https:')).toBe('[::1]:443');
    expect(hostPortKey('[::1]', '8080', 'http:')).toBe('[::1]:8080');
  });
});

describe('isPublicAddress', () => {
  const notPublic = [
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:1ff::1',
    '3fff::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:0:127.0.0.1',
    '2002:7f00:1::1',
    '[::1]',
    'not an address',
    '',
    '0177.0.0.1',
    '127.1',
    '2130706433',
    '256.1.1.1',
    '1.2.3',
  ];
  const publicOnes = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:200::1',
    '[2606:4700::1111]',
  ];

  it.each(notPublic)('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(publicOnes)('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

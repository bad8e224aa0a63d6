/**
 * The public profile URL a sending tool can open: https://www.linkedin.com/in/<slug>.
 * Regional hosts, a trailing slash, query and fragment are normalised away; anything
 * else (a company page, a Sales Navigator link, another site) is not a profile.
 */
export function publicProfileUrl(raw: string | null): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  const m = /^\/in\/([^/]+)\/?$/.exec(url.pathname);
  if (!m || !m[1]) return null;
  return `https://www.linkedin.com/in/${m[1]}`;
}

/** First name and the rest, as the tools' lead fields want them. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

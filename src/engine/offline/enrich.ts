/**
 * Contact and company details from what the scrape already holds. The offline
 * engine makes no requests, so a domain is only ever read from a link or from the
 * speaker's own text: guessing "acme.com" from "Acme" would send mail to strangers.
 */
import type { Enrichment, SpeakerInput } from '../types.js';
import { domainsInText, hostMatchesCompany, hostNamesPerson, hostOf, isNonCompanyHost, linkedinPersonUrl } from './links.js';
import { companyOf, roleOf } from './profile.js';
import { seniorityOf } from './seniority.js';

interface Website {
  url: string;
  domain: string;
  source: string;
}

function findLinkedin(s: SpeakerInput): { url: string; source: string } | null {
  if (s.linkedinUrl) return { url: s.linkedinUrl, source: 'linkedinUrl: scraped profile link' };
  for (const link of s.links ?? []) {
    const url = linkedinPersonUrl(link);
    if (url) return { url, source: `linkedinUrl: speaker link ${link}` };
  }
  return null;
}

function candidateLinks(s: SpeakerInput): Array<{ url: string; host: string }> {
  const eventHosts = new Set([hostOf(s.sourceUrl), s.profileUrl ? hostOf(s.profileUrl) : null]);
  const out: Array<{ url: string; host: string }> = [];
  for (const url of s.links ?? []) {
    const host = hostOf(url);
    if (!host || eventHosts.has(host) || isNonCompanyHost(host)) continue;
    out.push({ url, host });
  }
  return out;
}

function siteRoot(url: string): string {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(url);
  return m ? m[1].toLowerCase() : url;
}

function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * With a known employer only a link or mention that matches its name counts; a
 * stray link is more often the speaker's blog. Without one, the first link that is
 * neither social nor personal is the best there is.
 */
function findWebsite(s: SpeakerInput, company: string | null): Website | null {
  const links = candidateLinks(s);
  if (company) {
    const own = links.find((l) => hostMatchesCompany(l.host, company));
    if (own) return { url: siteRoot(own.url), domain: stripWww(own.host), source: `companyWebsite: speaker link ${own.url} matches "${company}"` };
    for (const text of [s.bio, s.tagline]) {
      const found = domainsInText(text).find((d) => !isNonCompanyHost(d.domain) && hostMatchesCompany(d.domain, company));
      if (found)
        return { url: `https://${found.domain}`, domain: stripWww(found.domain), source: `companyWebsite: "${found.text}" in bio matches "${company}"` };
    }
    return null;
  }
  const other = links.find((l) => !hostNamesPerson(l.host, s.name));
  return other ? { url: siteRoot(other.url), domain: stripWww(other.host), source: `companyWebsite: speaker link ${other.url}` } : null;
}

export function enrichSpeaker(s: SpeakerInput): Enrichment {
  const sources: string[] = [];
  const linkedin = findLinkedin(s);
  if (linkedin) sources.push(linkedin.source);
  const company = companyOf(s);
  const website = findWebsite(s, company?.value ?? null);
  if (website) sources.push(website.source, `companyDomain: host of ${website.url}`);
  const role = roleOf(s);
  if (role) sources.push(`role: ${role.from} "${role.text.length > 120 ? `${role.text.slice(0, 117)}...` : role.text}"`);
  const seniority = seniorityOf(role?.value);
  if (seniority !== 'unknown') sources.push(`seniority: read from role "${role?.value}"`);
  return {
    linkedinUrl: linkedin?.url ?? null,
    companyWebsite: website?.url ?? null,
    companyDomain: website?.domain ?? null,
    role: role?.value ?? null,
    seniority,
    sources,
  };
}

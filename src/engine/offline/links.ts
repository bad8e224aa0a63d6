/** Reading hosts out of links and text, and telling company sites from social profiles. */
import { normalizeLinkedIn } from '../../scrape/normalize.js';
import { fold } from './text.js';

const HOST = /^https?:\/\/(?:www\d?\.)?([^/:?#\s]+)/i;
const EMAIL_DOMAIN = /[\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/gi;
const BARE_DOMAIN =
  /(?<![\w@.-])(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+(?:com|io|ai|dev|co|net|org|tech|app|cloud|software|systems|de|uk|fr|nl|eu|ch|at|se|no|dk|fi|es|it|pl|pt|ie|be|us|ca|au|in|jp|sg|il|br))(?![\w-])/gi;
const NON_ALNUM = /[^a-z0-9]+/g;
const LEGAL_WORDS = /\b(?:inc|ltd|llc|gmbh|ag|sa|bv|plc|corp|corporation|limited|srl|oy|ab|group|holdings?)\b/g;

/** Hosts that are profiles, code hosts, link shorteners or event platforms, never an employer's site. */
const NOT_COMPANY = [
  'linkedin.com',
  'twitter.com',
  'x.com',
  'facebook.com',
  'fb.com',
  'instagram.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'fosstodon.org',
  'hachyderm.io',
  'github.com',
  'github.io',
  'gitlab.com',
  'gitlab.io',
  'bitbucket.org',
  'medium.com',
  'dev.to',
  'hashnode.dev',
  'substack.com',
  'wordpress.com',
  'blogspot.com',
  'tumblr.com',
  'about.me',
  'linktr.ee',
  'bit.ly',
  't.co',
  'goo.gl',
  'tinyurl.com',
  'sessionize.com',
  'pretalx.com',
  'sched.com',
  'speakerdeck.com',
  'slideshare.net',
  'meetup.com',
  'eventbrite.com',
  'stackoverflow.com',
  'stackexchange.com',
  'wikipedia.org',
  'google.com',
  'gmail.com',
  'twitch.tv',
  'vimeo.com',
  'reddit.com',
  'discord.gg',
  'discord.com',
  'telegram.me',
  't.me',
  'whatsapp.com',
  'xing.com',
  'keybase.io',
  'gravatar.com',
  'npmjs.com',
  'pypi.org',
  'notion.site',
  'carrd.co',
  'calendly.com',
  'orcid.org',
  'scholar.google.com',
  'researchgate.net',
  'behance.net',
  'dribbble.com',
  'soundcloud.com',
  'spotify.com',
  'apple.com',
  'amazon.com',
];
const FREEMAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'aol.com',
  'mail.com',
  'yandex.ru',
  'fastmail.com',
]);

export function hostOf(url: string): string | null {
  const m = HOST.exec(url);
  return m ? fold(m[1]).replace(/\.$/, '') : null;
}

function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

export function isNonCompanyHost(host: string): boolean {
  if (host.startsWith('mastodon.') || host.startsWith('mstdn.')) return true;
  return NOT_COMPANY.some((d) => isUnder(host, d)) || FREEMAIL.has(host);
}

/** A LinkedIn person URL in the normalised form the scraper stores. */
/** A person's profile link in the one form the scraper keeps; a malformed one ("/in/jana%20dolezal") is none. */
export function linkedinPersonUrl(url: string): string | null {
  const ref = normalizeLinkedIn(url);
  return ref?.kind === 'person' ? ref.url : null;
}

function compact(text: string): string {
  return fold(text).replace(LEGAL_WORDS, ' ').replace(NON_ALNUM, '');
}

/** The name part of a host: "eng.acme-labs.co.uk" -> "acmelabs". */
function hostLabel(host: string): string {
  const parts = host.split('.');
  const secondLevel = parts.length > 2 && parts[parts.length - 2].length <= 3;
  const label = parts[parts.length - (secondLevel ? 3 : 2)] ?? parts[0];
  return label.replace(NON_ALNUM, '');
}

/** True when the host plausibly belongs to the company: "acme.io" for "Acme, Inc.". */
export function hostMatchesCompany(host: string, company: string): boolean {
  const name = compact(company);
  const label = hostLabel(host);
  if (name.length < 2 || label.length < 2) return false;
  if (name === label) return true;
  const firstWord = compact(fold(company).split(/\s+/)[0] ?? '');
  return (label.length >= 4 && name.includes(label)) || (firstWord.length >= 4 && label.startsWith(firstWord));
}

/** True when the host looks like the speaker's own site ("janedoe.dev", "doe.io"). */
export function hostNamesPerson(host: string, personName: string): boolean {
  const label = hostLabel(host);
  return fold(personName)
    .split(/[^a-z0-9]+/)
    .some((part) => part.length >= 3 && label.includes(part));
}

/** Domains written in free text, from e-mail addresses and bare "acme.io" mentions. */
export function domainsInText(text: string | null): Array<{ domain: string; text: string }> {
  if (!text) return [];
  const out: Array<{ domain: string; text: string }> = [];
  for (const re of [EMAIL_DOMAIN, BARE_DOMAIN]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) out.push({ domain: fold(m[1]), text: m[0] });
  }
  return out;
}

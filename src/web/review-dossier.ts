import getSpeakerDossier from '../../tools/get_speaker_dossier.js';
import type { OutputOf } from './call.js';
import { fitWords } from './fit-words.js';
import { h, type Safe } from './html.js';

type Dossier = OutputOf<typeof getSpeakerDossier>;

/** A quote of the page a fact was read from, so the reviewer can check the fact against it. */
function evidence(text: string | undefined, from: string): Safe | '' {
  return text ? h`<blockquote class="evidence" cite="${from}"><span class="sr-only">From the page: </span>“${text}”</blockquote>` : '';
}

/**
 * Where the LinkedIn profile was found. On an HTML page that is a link element, whose source
 * means nothing to a reviewer: say it was linked, with the link's own label when it has one.
 * Elsewhere (a JSON or text source) it is the line that carries the URL, quoted like any fact.
 */
function linkEvidence(source: string | undefined, from: string): Safe | '' {
  if (!source) return '';
  if (!source.startsWith('<')) return evidence(source, from);
  const label = /\b(?:aria-label|title)\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(source);
  const named = (label?.[1] ?? label?.[2] ?? '').trim();
  return h`<p class="evidence">Linked from the speaker’s entry on the page${named ? h`, as “${named}”` : ''}.</p>`;
}

const folded = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Research the facts above do not already say: the title, company and talk listed again add nothing. */
function researchBeyondFacts(d: Dossier, talk: string | undefined): Dossier['research']['signals'] {
  const shown = new Set([d.title, d.company, talk].filter((v): v is string => Boolean(v)).map(folded));
  return d.research.signals.filter((s) => !shown.has(folded(s.value)));
}

const fact = (label: string, value: unknown, quote: Safe | ''): Safe | '' =>
  value || quote ? h`<dt>${label}</dt><dd>${value || h`<span class="muted">not on the page</span>`}${quote}</dd>` : '';

/** The facts a draft may use, each with the text of the page it came from. */
export function dossierFacts(d: Dossier): Safe {
  const ev = d.evidence;
  const linkedin = d.linkedin_url ?? d.enrichment?.linkedin_url ?? null;
  const talk = d.talks[0];
  const signals = researchBeyondFacts(d, talk?.title);
  return h`<aside class="dossier" aria-labelledby="facts-h">
<h3 id="facts-h">Facts and where they came from</h3>
<dl class="facts">
${fact('Title', d.title, evidence(ev.title, d.source_url))}
${fact('Company', d.company, evidence(ev.company, d.source_url))}
${fact('Talk', talk?.title, evidence(ev.talk, d.source_url))}
${ev.event ? h`<dt>Event</dt><dd>${evidence(ev.event, d.source_url)}</dd>` : ''}
<dt>LinkedIn</dt><dd>${linkedin ? h`<a href="${linkedin}" rel="noreferrer noopener" target="_blank">${linkedin.replace(/^https?:\/\/(www\.)?/, '')}</a>` : h`<span class="muted">none found: a sequence without a LinkedIn profile cannot be pushed</span>`}${linkEvidence(ev.linkedin, d.source_url)}</dd>
${d.qualify_reasons.length ? h`<dt>Why they fit</dt><dd><ul class="plain">${fitWords(d.qualify_reasons, d.title).map((r) => h`<li>${r}</li>`)}</ul></dd>` : ''}
${signals.length ? h`<dt>Research</dt><dd><ul class="plain">${signals.slice(0, 5).map((s) => h`<li>${s.value}${evidence(s.source_text, s.source_url ?? d.source_url)}${s.source_url ? h` <a href="${s.source_url}" rel="noreferrer noopener" target="_blank">source</a>` : ''}</li>`)}</ul></dd>` : ''}
<dt>Page</dt><dd><a href="${d.source_url}" rel="noreferrer noopener" target="_blank">${d.source_url}</a></dd>
</dl>
${d.bio ? h`<details><summary>Bio from the page</summary><p>${d.bio}</p></details>` : ''}
</aside>`;
}

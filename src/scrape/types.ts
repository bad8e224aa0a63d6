/**
 * Shared shapes of the scraper. Extractors turn one fetched page into raw speaker
 * records; `normalize.ts` turns raw records into the cleaned form the pipeline stores.
 */

/** One fetched document, as the guarded fetch returns it. */
export interface Page {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Lower-cased media type without parameters, e.g. "text/html", "application/json". */
  contentType: string;
  body: string;
}

/** Fetches another page (same guards as the first fetch); extractors use it to follow API links. */
export type FetchPage = (url: string) => Promise<Page>;

export interface RawTalk {
  title: string;
  abstract?: string;
  /** What the page calls the session when it is not a talk of one person ("panel", "workshop"). */
  kind?: string;
}

/** What an extractor saw, before cleaning. Every field but name is optional. */
export interface RawSpeaker {
  name: string;
  /** A free-text line such as "CTO at Acme" or "Title, Company". */
  tagline?: string;
  title?: string;
  company?: string;
  bio?: string;
  talks?: RawTalk[];
  /** Every outbound link found for the speaker (LinkedIn, Twitter, homepage...). */
  links?: string[];
  photoUrl?: string;
  /** The speaker's own page on the conference site, absolute when known. */
  profileUrl?: string;
  /**
   * The source's own identifier for this speaker (Sessionize id, pretalx code, frab
   * person id...). Records with different ids from the same source are different
   * people even when their names match, so de-duplication never merges them.
   */
  sourceId?: string;
}

/** A cleaned speaker record, ready to store. */
export interface ScrapedSpeaker {
  name: string;
  title: string | null;
  company: string | null;
  /** The original tagline when one was given. */
  tagline: string | null;
  bio: string | null;
  talks: RawTalk[];
  /** A normalised person profile URL, https://www.linkedin.com/in/<slug>. */
  linkedinUrl: string | null;
  /** A normalised company page URL, https://www.linkedin.com/company/<slug>. */
  companyLinkedinUrl: string | null;
  links: string[];
  photoUrl: string | null;
  profileUrl: string | null;
  /** Copied from RawSpeaker.sourceId when the extractor knew one. */
  sourceId?: string;
  /** Set when the only name the page gives is a handle ("n00bz", "@kr0l"): a person, but never a name to greet. */
  nameIsHandle?: true;
  /**
   * Per field, the span of the page's own text (at most 300 characters) the value was
   * read from; a field the page does not show as written has none (src/scrape/evidence.ts).
   */
  evidence: Partial<Record<'name' | 'title' | 'company' | 'linkedin' | 'talk' | 'event', string>>;
}

/** Someone or something an extractor saw near the speakers and did not keep, and why. */
export interface LeftOut {
  text: string;
  reason: string;
}

/** Told of every entry an extractor passes over, for `greenroom scrape --explain`. */
export type LeftOutSink = (text: string, reason: string) => void;

export interface ExtractResult {
  /** Name of the extractor that produced the speakers, e.g. "sessionize-api". */
  extractor: string;
  speakers: RawSpeaker[];
  /** URLs fetched besides the page itself (API links followed). */
  followed?: string[];
}

export interface Extractor {
  name: string;
  /**
   * Confidence that this extractor reads the page: 0 means no, higher wins.
   * Platform extractors key on documented structure; the generic one answers low.
   */
  detect(page: Page): number;
  extract(page: Page, fetchPage: FetchPage, leftOut?: LeftOutSink): Promise<RawSpeaker[]>;
}

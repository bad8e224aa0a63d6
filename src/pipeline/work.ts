import type { CampaignRow, RunRow, SpeakerRow } from '../../db/types.js';
import type { Services } from '../context.js';
import type { CallRecord, CampaignBrief, Meter, StageEngine } from '../engine/types.js';
import type { FetchPage, Page } from '../scrape/types.js';
import type { ExtractOutcome } from '../scrape/extract.js';
import type { NewMessage } from './stages/effects.js';
import type { QaBrief } from '../core/message-qa.js';

/** Everything one step of a run works with. */
export interface Work {
  services: Services;
  run: RunRow;
  campaign: CampaignRow;
  brief: CampaignBrief;
  qaBrief: QaBrief;
  engine: StageEngine;
  fetchPage: FetchPage;
  /** Reads speakers out of a fetched page (off the main thread where it can). */
  extract(page: Page): Promise<ExtractOutcome>;
  /** Fetches and reads the page at `url`, or takes what readAhead started for that key. */
  readPage(key: string, url: string): Promise<ExtractOutcome>;
  /** Starts fetching and reading the run's next page while this step writes the one before. */
  readAhead(key: string, url: string): void;
  /** Renews the run's lease; throws LeaseLost when another worker took it over. */
  fence(): Promise<void>;
  /** Counts committed items (crash failpoint). */
  committed(n: number): void;
}

export class LeaseLost extends Error {
  constructor(name: string) {
    super(`lease ${name} was taken over; stopping without writing`);
  }
}

/** What processing one speaker at one stage changes. Applied in one transaction per chunk. */
export interface Effect {
  speaker: Partial<SpeakerRow>;
  /** Ledger charges, in order; only a draft charges (its enrichment's credit with it). */
  charges?: Array<{ stage: 'enrich' | 'draft'; description: string }>;
  messages?: NewMessage[];
  /** The model calls made for it, stored as spend with the rest. */
  calls?: CallRecord[];
}

export type StageFn = (w: Work, s: SpeakerRow, meter: Meter) => Promise<Effect>;

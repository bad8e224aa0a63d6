import type { SenderTool } from '../../db/types.js';
import type { SenderError, SenderHttp } from './http.js';

export type { SenderTool };

/** A campaign inside the sending tool, as the user picks it. */
export interface SenderCampaign {
  id: string;
  name: string;
  status: string | null;
}

/** One speaker's sequence on its way to the tool. */
export interface OutboundLead {
  /** Our speaker id; every outcome names it. */
  ref: string;
  /** Our campaign id, for targets that keep it beside the lead. */
  campaignRef: string;
  /** Stable across retries of the same speaker, so a receiver can drop a repeat. */
  pushId: string;
  /** Public profile URL, https://www.linkedin.com/in/<slug>. */
  linkedinUrl: string;
  firstName: string;
  lastName: string;
  company: string | null;
  title: string | null;
  /** Slots 1, 2 and 3: the tool's template reads them as {{MSG1}}..{{MSG3}}. */
  messages: readonly [string, string, string];
}

/** What the tool said about one lead. A duplicate is as good as added: the lead is in the campaign. */
export interface LeadOutcome {
  ref: string;
  status: 'added' | 'duplicate' | 'failed';
  reason: string | null;
}

/** The tool's own count of one batch, as it answered the batch sent whole. */
export interface ToolCounts {
  leads: number;
  added: number;
  updated: number;
  failed: number;
  /** Answers the batch took: more than one when failures were pinned to leads by resending parts. */
  requests: number;
}

export interface BatchResult {
  outcomes: LeadOutcome[];
  /** Set by tools that answer a batch with counts rather than per lead (HeyReach). */
  counts?: ToolCounts;
  /** Set when the tool refused in a way that makes further requests pointless (bad key, rate limit past the wait). */
  halt: SenderError | null;
}

/** A step of the tool's campaign that carries one of our slots ({{msg1}}..{{msg3}} in its text). */
export interface StepSlot {
  step_id: string | null;
  sequence_id: string | null;
  /** The step's place in its sequence, from 0, as the tool's activities name it. */
  sequence_step: number;
  slot: number;
}

/** What an adapter needs for one call: the unsealed key, the webhook target, and the HTTP client. */
export interface SenderCall {
  apiKey: string;
  url: string | null;
  http: SenderHttp;
  /** Vendor base URLs from the configuration. */
  baseUrls: { heyreach: string; lemlist: string };
  now(): Date;
}

/**
 * One sending tool. Adding a tool is one file implementing this and one line in index.ts.
 * Greenroom only loads leads: no adapter starts, resumes or arms a campaign in the tool.
 */
export interface SenderAdapter {
  readonly tool: SenderTool;
  readonly label: string;
  /** Leads per addLeads call; also one confirming transaction. */
  readonly batchSize: number;
  /** The tool's documented request budget; the client paces itself under it. */
  readonly rate: { requests: number; windowMs: number };
  /** True when the target URL is the user's (webhook): it must pass the public-URL rules. */
  readonly userUrl: boolean;
  /**
   * True when the tool reports each message it sends (its events URL): a push leaves the
   * slots pushed, and each is sent when the tool says so. False: the push marks them sent.
   */
  readonly reportsSent: boolean;
  /** Which steps of the tool's campaign carry which slot, read from the campaign itself. Throws SenderError. */
  stepSlots?(call: SenderCall, campaignId: string): Promise<StepSlot[]>;
  /** Proves the key (and URL) work; by default by listing campaigns. Throws SenderError. */
  verify?(call: SenderCall): Promise<void>;
  listCampaigns(call: SenderCall): Promise<SenderCampaign[]>;
  addLeads(call: SenderCall, campaignId: string, leads: OutboundLead[]): Promise<BatchResult>;
}

import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  seq: Generated<number>;
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'member';
  profile: string;
  created_at: string;
  /** Set when the user was disabled (migration 018): keys, sessions and sign-in stop working. */
  disabled_at: Defaulted<string | null>;
}

export interface ApiKeysTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CampaignsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  name: string;
  pitch: string;
  cta: string;
  your_name: string;
  your_role: string;
  /** The sender's company (migration 015); empty when not given. */
  your_company: Defaulted<string>;
  tone: string;
  positioning: string;
  icp: string;
  style: string;
  auto_start: number;
  intent_enabled: number;
  /** Null: the instance's default model provider. */
  model_provider: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
  /** The sending-tool connection and the campaign inside it that push_approved loads. */
  sending_connection_id: string | null;
  sending_campaign_id: string | null;
  /** 1: pushes take only sequences a person approved (migration 018). */
  push_requires_approval: Defaulted<number>;
}

export interface ConferenceUrlsTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  url: string;
  status: 'pending' | 'fetching' | 'done' | 'failed';
  speaker_count: number | null;
  extractor: string | null;
  error: string | null;
  /** The event the page names (migration 008). */
  event_name: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

export interface CreditLedgerTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  delta: number;
  balance_after: number;
  kind: 'grant' | 'charge' | 'refund' | 'adjustment';
  reference: string;
  description: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  principal: string;
  tool: string;
  key: string;
  args_hash: string;
  state: 'pending' | 'done';
  response: string | null;
  created_at: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  meta: string;
  created_at: string;
}

export interface SpeakersTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  user_id: string;
  conference_url_id: string | null;
  dedupe_key: string;
  name: string;
  name_fold: string;
  company_fold: string;
  /** Which of the run's shards the speaker is worked in (migration 013; src/core/shards.ts). */
  shard: Generated<number>;
  title: string | null;
  company: string | null;
  tagline: string | null;
  bio: string | null;
  talks: string;
  linkedin_url: string | null;
  company_linkedin_url: string | null;
  links: string;
  photo_url: string | null;
  profile_url: string | null;
  source_url: string;
  stage: Defaulted<SpeakerStage>;
  prequalify_verdict: 'qualified' | 'unsure' | 'disqualified' | null;
  prequalify_reasons: Defaulted<string>;
  enrichment: string | null;
  enriched_at: string | null;
  fit_score: number | null;
  qualified: number | null;
  qualify_reasons: Defaulted<string>;
  signals: Defaulted<string>;
  researched_at: string | null;
  drafted_at: string | null;
  selected: Defaulted<number>;
  reply_status: 'replied' | 'booked' | 'no_reply' | null;
  /** Why a model vendor failed this speaker's step; the run went on without it. */
  model_error: Defaulted<string | null>;
  /** The stage that call belonged to; a new run sends the speaker back to it. */
  model_error_stage: Defaulted<SpeakerStage | null>;
  /** The event named by the page the speaker was read from (migration 008). */
  event_name: Defaulted<string | null>;
  /** conference: scraped from a page; intent: an intent lead from LinkedIn signals. */
  source: Defaulted<PersonSource>;
  /** JSON object: per field, the span of page text it was read from (migration 014; src/scrape/evidence.ts). */
  evidence: Defaulted<string>;
  /** The stage a run left this speaker at because of a do-not-contact entry (migration 016). */
  suppressed_stage: Defaulted<SpeakerStage | null>;
  /** When a sending tool reported the connection request accepted (migration 016). */
  accepted_at: Defaulted<string | null>;
  /** When a sending tool last reported a reply (migration 016). */
  replied_at: Defaulted<string | null>;
  /** 0 to 100: the rules' fit from the page and the prequalify verdict; runs take the best first (migration 017). */
  prequalify_fit: Defaulted<number | null>;
  /** The chunk of its run the speaker was taken in; null while it waits (migration 017). */
  wave: Defaulted<number | null>;
  /** The slot (1 to 3) of the message the first reported reply followed (migration 020). */
  reply_slot: Defaulted<number | null>;
  /** What enrichment learned beyond the page, charged with the speaker's draft; null when nothing (migration 026). */
  enrich_found: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

export type PersonSource = 'conference' | 'intent';

export type SpeakerStage = 'prequalify' | 'enrich' | 'qualify' | 'research' | 'draft' | 'done';

export type RunStage = 'scrape' | 'prequalify' | 'enrich' | 'qualify' | 'research' | 'draft' | 'done';

export type RunStatusValue = 'queued' | 'running' | 'paused' | 'done' | 'failed';

export interface RunsTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  user_id: string;
  status: RunStatusValue;
  stage: RunStage;
  stage_total: number;
  error: string | null;
  /** At most this many speakers are taken through the paid stages, the best by fit (migration 017). */
  max_speakers: Defaulted<number | null>;
  /** Speakers taken through the paid stages so far, and the current chunk's number. */
  taken: Defaulted<number>;
  wave: Defaulted<number>;
  /** Why a paused run stopped; null unless paused. */
  pause_reason: Defaulted<'insufficient_credits' | null>;
  /** What a finished run wants its reader to know (e.g. nobody qualified, and why). */
  warning: Defaulted<string | null>;
  /** What went wrong in the run's model calls, per stage, as JSON (migration 018); null while nothing did. */
  failures: Defaulted<string | null>;
  /** Failed pages that resuming the run queued again, as JSON [{url, error}] (migration 021); null when none. */
  retried_pages: Defaulted<string | null>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface MessagesTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  speaker_id: string;
  user_id: string;
  slot: number;
  angle: string | null;
  content: string;
  sent: number;
  sent_at: string | null;
  sent_via: 'manual' | 'push' | null;
  /** When a sending tool took it; with sent = 1 and sent_at null it is queued there, not sent yet (migration 024). */
  pushed_at: Defaulted<string | null>;
  drafted_at: string;
  content_updated_at: string;
  hand_edited: number;
  qa_score: number | null;
  qa_evaluated_at: string | null;
  qa_flags: string;
  qa_reasons: string;
  hard_fails: string;
  fix_hints: string;
  needs_human: number;
  needs_redo: number;
  approvable: number;
  approved_at: string | null;
  /** What approved the text at approved_at: a person (approve_message) or the bulk tool (migration 018). */
  approved_via: Defaulted<'approve_message' | 'approve_fits_and_clean_drafts' | null>;
  founder_stamp: 'approved' | 'rejected' | null;
  updated_at: string;
}

export interface RunEventsTable {
  seq: Generated<number>;
  campaign_id: string;
  run_id: string | null;
  type: string;
  data: string;
  created_at: string;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** A scheduler working on this database until expires_at (epoch ms; migration 029). */
export interface SchedulerWorkersTable {
  holder: string;
  expires_at: number;
}

/** Rate-limit counts per credential, kind and one-minute window (PostgreSQL; migration 012). */
export interface RateCountersTable {
  name: string;
  window_start: number;
  count: number;
}

export interface ApprovedLeadsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  campaign_id: string;
  speaker_id: string;
  message_id: string;
  reference: string;
  created_at: string;
}

export interface WebhooksTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event names, '*' for all. */
  events: string;
  description: Defaulted<string>;
  secret_sealed: string;
  active: Defaulted<number>;
  deactivated_reason: string | null;
  recent_failures: Defaulted<number>;
  last_success_at: string | null;
  last_failure_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  id: string;
  webhook_id: string;
  user_id: string;
  event_id: string;
  event_type: string;
  campaign_id: string | null;
  body: string;
  status: Defaulted<DeliveryStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: number;
  lease_holder: string | null;
  lease_expires_at: number | null;
  response_status: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export type SenderTool = 'heyreach' | 'lemlist' | 'webhook';

export interface SendingConnectionsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  tool: SenderTool;
  name: string;
  credential: string;
  url: string | null;
  /** SHA-256 (hex) of the secret in the inbound URL for the tool's own webhooks; null until one is made (migration 016). */
  inbound_hash: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SendingPushesTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  campaign_id: string;
  speaker_id: string;
  connection_id: string;
  tool: SenderTool;
  sending_campaign_id: string;
  state: 'pending' | 'confirmed' | 'failed';
  outcome: 'added' | 'duplicate' | null;
  reason: string | null;
  attempts: Defaulted<number>;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  /** lemlist: which sequence steps carry which slot, JSON StepSlot[] (migration 024). */
  step_slots: Defaulted<string | null>;
}

export interface ModelSpendTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  campaign_id: string | null;
  run_id: string | null;
  speaker_id: string | null;
  provider: string;
  model: string;
  stage: string;
  prompt_version: string | null;
  input_tokens: number;
  output_tokens: number;
  /** Null when the model has no price: unknown, not free. */
  cost_usd: number | null;
  credits: number;
  outcome: 'ok' | 'error';
  error: string | null;
  duration_ms: number;
  /** Waiting the vendor asked for (HTTP 429, Retry-After) before this attempt. */
  waited_ms: Defaulted<number>;
  created_at: string;
}

export type IntentSignalType = 'post_reaction' | 'post_comment' | 'profile_view' | 'company_follow' | 'job_change' | 'event_attendance';

export interface IntentSignalsTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  lead_id: string;
  user_id: string;
  signal_type: IntentSignalType;
  url: string | null;
  text: string | null;
  observed_at: string;
  via: 'import' | 'webhook';
  fingerprint: string;
  created_at: string;
}

export interface IntentInboundTable {
  seq: Generated<number>;
  id: string;
  campaign_id: string;
  user_id: string;
  secret_sealed: string;
  created_at: string;
  rotated_at: string;
  last_received_at: string | null;
}

export interface IntentInboundSeenTable {
  inbound_id: string;
  signature: string;
  t: number;
}

export type DoNotContactType = 'linkedin' | 'email' | 'domain';

export interface DoNotContactTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  type: DoNotContactType;
  value: string;
  reason: string | null;
  source: 'manual' | 'csv' | 'reply';
  created_at: string;
}

export interface SenderEventsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  connection_id: string;
  tool: SenderTool;
  event_id: string;
  type: 'accepted' | 'replied' | 'sent' | 'ignored';
  tool_type: string;
  campaign_id: string | null;
  speaker_id: string | null;
  profile_url: string | null;
  occurred_at: string;
  received_at: string;
}

export interface Database {
  do_not_contact: DoNotContactTable;
  sender_events: SenderEventsTable;
  intent_signals: IntentSignalsTable;
  intent_inbound: IntentInboundTable;
  intent_inbound_seen: IntentInboundSeenTable;
  model_spend: ModelSpendTable;
  sending_connections: SendingConnectionsTable;
  sending_pushes: SendingPushesTable;
  speakers: SpeakersTable;
  runs: RunsTable;
  messages: MessagesTable;
  run_events: RunEventsTable;
  leases: LeasesTable;
  scheduler_workers: SchedulerWorkersTable;
  rate_counters: RateCountersTable;
  approved_leads: ApprovedLeadsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  campaigns: CampaignsTable;
  conference_urls: ConferenceUrlsTable;
  credit_ledger: CreditLedgerTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mail_outbox: MailOutboxTable;
  signin_challenges: SigninChallengesTable;
  sessions: SessionsTable;
  agent_signups: AgentSignupsTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
}

export interface MailOutboxTable {
  seq: Generated<number>;
  id: string;
  to_address: string;
  subject: string;
  body: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'logged';
  attempts: Defaulted<number>;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface SigninChallengesTable {
  seq: Generated<number>;
  id: string;
  email: string;
  user_id: string | null;
  link_hash: string;
  code_hash: string;
  next_path: string;
  ip: string;
  attempts: Defaulted<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type AgentSignupStatus = 'pending_confirmation' | 'denied' | 'confirmed';

export interface AgentSignupsTable {
  seq: Generated<number>;
  id: string;
  email: string;
  agent_name: string;
  poll_hash: string;
  link_hash: string;
  code_hash: string;
  status: AgentSignupStatus;
  wrong_codes: Defaulted<number>;
  ip: string;
  created_at: string;
  expires_at: string;
  last_polled_at: string | null;
  decided_at: string | null;
  user_id: string | null;
  key_id: string | null;
  key_sealed: string | null;
  key_delivered_at: string | null;
}

export interface OAuthClientsTable {
  seq: Generated<number>;
  client_id: string;
  kind: 'registered' | 'metadata_document';
  name: string;
  redirect_uris: string;
  metadata: string;
  ip: string | null;
  created_at: string;
  fetched_at: string | null;
}

export interface OAuthGrantsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  client_id: string;
  client_name: string;
  scopes: string;
  resource: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthTokensTable {
  seq: Generated<number>;
  token_hash: string;
  grant_id: string;
  kind: 'access' | 'refresh';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaign = Insertable<CampaignsTable>;
export type CampaignUpdate = Updateable<CampaignsTable>;
export type ConferenceUrlRow = Selectable<ConferenceUrlsTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
export type SpeakerRow = Selectable<SpeakersTable>;
export type RunRow = Selectable<RunsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type SendingConnectionRow = Selectable<SendingConnectionsTable>;
export type SendingPushRow = Selectable<SendingPushesTable>;
export type DoNotContactRow = Selectable<DoNotContactTable>;
export type SenderEventRow = Selectable<SenderEventsTable>;
export type ModelSpendRow = Selectable<ModelSpendTable>;
export type IntentSignalRow = Selectable<IntentSignalsTable>;
export type IntentInboundRow = Selectable<IntentInboundTable>;
export type NewModelSpend = Insertable<ModelSpendTable>;

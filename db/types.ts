import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  seq: Generated<number>;
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'member';
  profile: string;
  created_at: string;
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
  tone: string;
  positioning: string;
  icp: string;
  style: string;
  auto_start: number;
  intent_enabled: number;
  created_at: string;
  updated_at: string;
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

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  campaigns: CampaignsTable;
  conference_urls: ConferenceUrlsTable;
  credit_ledger: CreditLedgerTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaign = Insertable<CampaignsTable>;
export type CampaignUpdate = Updateable<CampaignsTable>;
export type ConferenceUrlRow = Selectable<ConferenceUrlsTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;

import type { SpeakerRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { messageView } from './message-view.js';
import { leadIntent } from './intent/dossier.js';
import { profileKey, speakerSuppression } from './do-not-contact.js';
import { contactsByProfile, windowStart } from './recontact.js';
import { speakerEvents } from './sender-events.js';
import { enrichmentColumn, evidenceColumn, linksColumn, reasonsColumn, signalsColumn, talksColumn } from './speaker-columns.js';

export function speakerSummary(s: SpeakerRow) {
  return {
    speaker_id: s.id,
    campaign_id: s.campaign_id,
    name: s.name,
    title: s.title,
    company: s.company,
    linkedin_url: s.linkedin_url,
    prequalify_verdict: s.prequalify_verdict,
    fit_score: s.fit_score,
    qualified: s.qualified === null ? null : s.qualified === 1,
    stage: s.stage,
    selected: s.selected === 1,
    reply_status: s.reply_status,
    created_at: s.created_at,
  };
}

export async function requireSpeaker(ctx: Ctx, speakerId: string): Promise<SpeakerRow> {
  const row = await ctx.db.selectFrom('speakers').selectAll().where('id', '=', speakerId).where('user_id', '=', ctx.principal.userId).executeTakeFirst();
  if (!row) throw notFound(`speaker ${speakerId}`);
  return row;
}

export interface SpeakerFilters {
  campaign_id?: string;
  name?: string;
  company?: string;
  prequalify_verdict?: 'qualified' | 'unsure' | 'disqualified';
  reply_status?: string;
  selected?: boolean;
}

export { searchSpeakers } from './speaker-search.js';

/** A speaker's dossier; an intent lead's too (its lead_id is its speaker id), with its LinkedIn signals. */
export async function speakerDossier(ctx: Ctx, speakerId: string) {
  const s = await requireSpeaker(ctx, speakerId);
  const messages = await ctx.db.selectFrom('messages').selectAll().where('speaker_id', '=', s.id).orderBy('slot').execute();
  const twins = await ctx.db
    .selectFrom('speakers')
    .innerJoin('campaigns', 'campaigns.id', 'speakers.campaign_id')
    .select(['speakers.id as speaker_id', 'campaigns.id as campaign_id', 'campaigns.name as campaign_name'])
    .where('speakers.user_id', '=', s.user_id)
    .where('speakers.dedupe_key', '=', s.dedupe_key)
    .where('speakers.campaign_id', '!=', s.campaign_id)
    .execute();
  const e = enrichmentColumn.read(s.enrichment);
  const signals = signalsColumn.read(s.signals);
  const now = ctx.clock.now();
  const key = profileKey(s.linkedin_url);
  const since = windowStart(now, ctx.config.recontactDays);
  const contacts = key ? ((await contactsByProfile(ctx.db, s.user_id, { exceptCampaign: s.campaign_id, profiles: [key] })).get(key) ?? []) : [];
  return {
    ...speakerSummary(s),
    tagline: s.tagline,
    bio: s.bio,
    talks: talksColumn.read(s.talks),
    links: linksColumn.read(s.links),
    company_linkedin_url: s.company_linkedin_url,
    profile_url: s.profile_url,
    photo_url: s.photo_url,
    source_url: s.source_url,
    evidence: evidenceColumn.read(s.evidence),
    prequalify_reasons: reasonsColumn.read(s.prequalify_reasons),
    qualify_reasons: reasonsColumn.read(s.qualify_reasons),
    enrichment:
      e && s.enriched_at
        ? {
            linkedin_url: e.linkedinUrl,
            company_website: e.companyWebsite,
            company_domain: e.companyDomain,
            role: e.role,
            seniority: e.seniority,
            sources: e.sources,
            enriched_at: s.enriched_at,
          }
        : null,
    research: {
      signals: signals.map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText, source_url: g.sourceUrl })),
      researched_at: s.researched_at,
    },
    model_error: modelError(s),
    messages: messages.map((m) => messageView(m, { researchedAt: s.researched_at, now, maxAgeDays: ctx.config.qa.maxDraftAgeDays })),
    also_in_campaigns: twins,
    do_not_contact: await speakerSuppression(ctx.db, s),
    recent_contacts: contacts.map((c) => ({ ...c, within_window: since !== null && c.pushed_at >= since.toISOString() })),
    accepted_at: s.accepted_at,
    replied_at: s.replied_at,
    sending_tool_events: await speakerEvents(ctx, s.id),
    source: s.source,
    intent: s.source === 'intent' ? await leadIntent(ctx, s) : null,
  };
}

type FailedStage = 'prequalify' | 'qualify' | 'research' | 'draft';

function modelError(s: SpeakerRow): { stage: FailedStage | null; message: string } | null {
  if (s.model_error === null) return null;
  return { stage: s.model_error_stage as FailedStage | null, message: s.model_error };
}

export async function setSpeakerField(ctx: Ctx, speakerId: string, set: Partial<Pick<SpeakerRow, 'selected' | 'reply_status'>>): Promise<SpeakerRow> {
  const s = await requireSpeaker(ctx, speakerId);
  const updated_at = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('speakers')
    .set({ ...set, updated_at })
    .where('id', '=', s.id)
    .execute();
  return { ...s, ...set, updated_at };
}

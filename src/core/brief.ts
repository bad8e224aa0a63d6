import type { CampaignRow, SpeakerRow } from '../../db/types.js';
import type { Db } from '../../db/index.js';
import type { CampaignBrief, Enrichment, PrequalifyResult, Signal, SpeakerInput } from '../engine/types.js';
import { parseIcp } from './campaigns.js';
import { parseProfile } from './profile.js';
import { enrichmentColumn, linksColumn, reasonsColumn, signalsColumn, talksColumn } from './speaker-columns.js';
import { styleColumn } from './campaign-columns.js';

/** The campaign as the engine sees it; exemplars come from the user's profile and the campaign's style memory. */
export async function campaignBrief(db: Db, campaign: CampaignRow): Promise<CampaignBrief> {
  const user = await db.selectFrom('users').select('profile').where('id', '=', campaign.user_id).executeTakeFirstOrThrow();
  const profile = parseProfile(user.profile);
  const style = styleColumn.read(campaign.style);
  const exemplars = [...new Set([...(style.exemplars ?? []), ...profile.exemplars])].slice(-20);
  return {
    name: campaign.name,
    pitch: campaign.pitch,
    cta: campaign.cta,
    yourName: campaign.your_name,
    yourRole: campaign.your_role,
    yourCompany: campaign.your_company,
    tone: campaign.tone,
    positioning: campaign.positioning,
    icp: parseIcp(campaign.icp),
    exemplars,
  };
}

export function speakerInput(s: SpeakerRow): SpeakerInput {
  return {
    name: s.name,
    title: s.title,
    company: s.company,
    tagline: s.tagline,
    bio: s.bio,
    talks: talksColumn.read(s.talks),
    linkedinUrl: s.linkedin_url,
    companyLinkedinUrl: s.company_linkedin_url,
    links: linksColumn.read(s.links),
    profileUrl: s.profile_url,
    sourceUrl: s.source_url,
    conferenceName: s.event_name,
  };
}

export const prequalifyOf = (s: SpeakerRow): PrequalifyResult => ({
  verdict: s.prequalify_verdict ?? 'unsure',
  reasons: reasonsColumn.read(s.prequalify_reasons),
});

export const enrichmentOf = (s: SpeakerRow): Enrichment =>
  enrichmentColumn.read(s.enrichment) ?? {
    linkedinUrl: s.linkedin_url,
    companyWebsite: null,
    companyDomain: null,
    role: s.title,
    seniority: 'unknown',
    sources: [],
  };

export const signalsOf = (s: SpeakerRow): Signal[] => signalsColumn.read(s.signals);

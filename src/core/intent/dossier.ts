import type { SpeakerRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { leadSignals, signalView } from './leads.js';

/** What get_speaker_dossier adds for an intent lead. */
export async function leadIntent(ctx: Ctx, s: SpeakerRow) {
  const signals = await leadSignals(ctx.db, s.id);
  const speakerIn = s.linkedin_url
    ? await ctx.db
        .selectFrom('speakers')
        .innerJoin('campaigns', 'campaigns.id', 'speakers.campaign_id')
        .select(['campaigns.id as campaign_id', 'campaigns.name as campaign_name', 'speakers.id as speaker_id'])
        .where('speakers.user_id', '=', s.user_id)
        .where('speakers.source', '=', 'conference')
        .where((eb) => eb.or([eb('speakers.linkedin_url', '=', s.linkedin_url), eb('speakers.dedupe_key', '=', s.linkedin_url as string)]))
        .orderBy('speakers.seq')
        .execute()
    : [];
  return { headline: s.tagline, signals: signals.map(signalView), speaker_in: speakerIn };
}

import type { ConferenceUrlRow } from '../../../db/types.js';
import { dedupeKey, foldText } from '../../scrape/normalize.js';
import type { ScrapedSpeaker } from '../../scrape/types.js';
import { emitEvent } from '../../core/events.js';
import type { Work } from '../work.js';
import { shardOf } from '../../core/shards.js';

const INSERT_CHUNK = 400;

/** Scrapes the campaign's next pending page; false when none is left. */
export async function scrapeNext(w: Work): Promise<boolean> {
  const { db, clock } = w.services;
  // The page after it too: it is fetched and read while this one's speakers are written.
  const [url, next] = await db
    .selectFrom('conference_urls')
    .selectAll()
    .where('campaign_id', '=', w.campaign.id)
    .where('status', 'in', ['pending', 'fetching'])
    .orderBy('seq')
    .limit(2)
    .execute();
  if (!url) return false;
  await w.fence();
  await db.updateTable('conference_urls').set({ status: 'fetching', updated_at: clock.now().toISOString() }).where('id', '=', url.id).execute();
  let outcome: { extractor: string; speakers: ScrapedSpeaker[]; eventName?: string | null; warning?: string | null };
  try {
    outcome = await w.readPage(url.id, url.url);
    if (next) w.readAhead(next.id, next.url);
  } catch (err) {
    if (next) w.readAhead(next.id, next.url);
    await finishUrl(w, url, { status: 'failed', error: reason(err) });
    return true;
  }
  if (outcome.speakers.length === 0) {
    // Not an HTML page or not a speakers page: the reason is known, and nobody is stored or billed.
    const error = outcome.warning ?? 'no speakers found on the page (run `greenroom scrape <url> --explain` to see what each extractor reads)';
    await finishUrl(w, url, { status: 'failed', error, extractor: outcome.extractor });
    return true;
  }
  // Read before the transaction: on SQLite a transaction that reads before it writes cannot
  // write once another process has written meanwhile (SQLITE_BUSY_SNAPSHOT), whatever it waits.
  const eventName = outcome.eventName ?? (await campaignEvent(db, w.campaign.id));
  await w.fence();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < outcome.speakers.length; i += INSERT_CHUNK) {
      const rows = outcome.speakers.slice(i, i + INSERT_CHUNK).map((s) => speakerRow(w, url, s, eventName));
      await trx
        .insertInto('speakers')
        .values(rows)
        .onConflict((oc) => oc.columns(['campaign_id', 'dedupe_key']).doNothing())
        .execute();
    }
    // A campaign's pages are one conference: speakers from a page that names no event
    // (an API view) take the name another of its pages gives.
    if (outcome.eventName)
      await trx
        .updateTable('speakers')
        .set({ event_name: outcome.eventName })
        .where('campaign_id', '=', w.campaign.id)
        .where('event_name', 'is', null)
        .execute();
  });
  await finishUrl(w, url, { status: 'done', speaker_count: outcome.speakers.length, extractor: outcome.extractor, event_name: outcome.eventName ?? null });
  return true;
}

/** The event a page of the campaign already named, if any. */
async function campaignEvent(db: Work['services']['db'], campaignId: string): Promise<string | null> {
  const row = await db
    .selectFrom('conference_urls')
    .select('event_name')
    .where('campaign_id', '=', campaignId)
    .where('event_name', 'is not', null)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row?.event_name ?? null;
}

function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

async function finishUrl(w: Work, url: ConferenceUrlRow, set: Partial<ConferenceUrlRow>): Promise<void> {
  const now = w.services.clock.now();
  const detail = { run: w.run.id, url: url.url, extractor: set.extractor ?? null, speakers: set.speaker_count ?? 0 };
  if (set.status === 'failed') w.services.logger.warn({ ...detail, error: set.error }, 'page failed');
  else w.services.logger.debug(detail, 'page scraped');
  await w.services.db
    .updateTable('conference_urls')
    .set({ ...set, updated_at: now.toISOString() })
    .where('id', '=', url.id)
    .execute();
  await emitEvent(w.services.db, {
    campaignId: w.campaign.id,
    runId: w.run.id,
    type: 'url.scraped',
    data: { url: url.url, status: set.status, speaker_count: set.speaker_count ?? null, error: set.error ?? null },
    at: now,
  });
}

function speakerRow(w: Work, url: ConferenceUrlRow, s: ScrapedSpeaker, eventName: string | null) {
  const now = w.services.clock.now().toISOString();
  const companyFold = foldText(s.company);
  const key = dedupeKey(s);
  return {
    id: w.services.ids.uuid(),
    campaign_id: w.campaign.id,
    user_id: w.campaign.user_id,
    conference_url_id: url.id,
    dedupe_key: key,
    name: s.name,
    name_fold: foldText(s.name),
    company_fold: companyFold,
    shard: shardOf(companyFold, key),
    title: s.title,
    company: s.company,
    tagline: s.tagline,
    bio: s.bio,
    talks: JSON.stringify(s.talks),
    linkedin_url: s.linkedinUrl,
    company_linkedin_url: s.companyLinkedinUrl,
    links: JSON.stringify(s.links),
    photo_url: s.photoUrl,
    profile_url: s.profileUrl,
    source_url: url.url,
    event_name: eventName,
    evidence: JSON.stringify(s.evidence ?? {}),
    stage: 'prequalify' as const,
    created_at: now,
    updated_at: now,
  };
}

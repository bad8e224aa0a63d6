import type { Db } from '../db/index.js';

/**
 * Writes n send-ready sequences straight into a campaign: a qualified speaker with a public
 * LinkedIn URL and three scored, approvable, fresh slots each. Only what eligibility reads
 * is filled in; it is for measuring and exercising the push, not the pipeline.
 */
export async function seedReadySequences(db: Db, o: { campaignId: string; userId: string; n: number; at: Date; prefix?: string }): Promise<string[]> {
  const now = o.at.toISOString();
  const prefix = o.prefix ?? 'seed';
  const ids: string[] = [];
  for (let start = 0; start < o.n; start += 200) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(o.n, start + 200); i++) {
        const id = crypto.randomUUID();
        ids.push(id);
        const name = `Seeded Speaker${i}`;
        await trx
          .insertInto('speakers')
          .values({
            id,
            campaign_id: o.campaignId,
            user_id: o.userId,
            conference_url_id: null,
            dedupe_key: `${prefix}-${i}`,
            name,
            name_fold: name.toLowerCase(),
            company_fold: 'seedco',
            title: 'VP Engineering',
            company: 'SeedCo',
            tagline: null,
            bio: null,
            talks: '[]',
            linkedin_url: `https://www.linkedin.com/in/${prefix}-speaker-${i}/`,
            company_linkedin_url: null,
            links: '[]',
            photo_url: null,
            profile_url: null,
            source_url: 'https://conf.example.com/speakers',
            stage: 'done',
            prequalify_verdict: 'qualified',
            fit_score: 80,
            qualified: 1,
            researched_at: now,
            drafted_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (const slot of [1, 2, 3]) {
          await trx
            .insertInto('messages')
            .values({
              id: crypto.randomUUID(),
              campaign_id: o.campaignId,
              speaker_id: id,
              user_id: o.userId,
              slot,
              angle: null,
              content: `Slot ${slot} for ${name}: a note about the talk.`,
              sent: 0,
              sent_at: null,
              sent_via: null,
              drafted_at: now,
              content_updated_at: now,
              hand_edited: 0,
              qa_score: 9,
              qa_evaluated_at: now,
              qa_flags: '[]',
              qa_reasons: '[]',
              hard_fails: '[]',
              fix_hints: '[]',
              needs_human: 0,
              needs_redo: 0,
              approvable: 1,
              approved_at: null,
              founder_stamp: null,
              updated_at: now,
            })
            .execute();
        }
      }
    });
  }
  return ids;
}

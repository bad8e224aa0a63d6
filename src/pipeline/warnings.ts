import { sql } from 'kysely';
import type { Icp } from '../engine/types.js';
import type { Work } from './work.js';
import { reasonsColumn } from '../core/speaker-columns.js';

const list = (xs: string[], n = 4) => (xs.length > n ? `${xs.slice(0, n).join(', ')} and ${xs.length - n} more` : xs.join(', '));

/** The ICP in a line: what a speaker must match. */
export function icpLine(icp: Icp): string {
  const parts: string[] = [];
  if (icp.titles.length) parts.push(`titles ${list(icp.titles)}`);
  if (icp.seniority.length) parts.push(`seniority ${list(icp.seniority)}`);
  if (icp.keywords.length) parts.push(`keywords ${list(icp.keywords)}`);
  if (icp.industries.length) parts.push(`industries ${list(icp.industries)}`);
  if (icp.exclusions.length) parts.push(`excluding ${list(icp.exclusions)}`);
  return parts.length ? `The ICP asks for ${parts.join('; ')}.` : 'The campaign has no ICP: only senior or technical roles pass.';
}

/**
 * A finished run of a campaign in which nobody qualified says so, and why: how the
 * speakers fell out (ruled out at prequalify, or below the fit threshold, with the best
 * fit), what the ICP asks for, and how much the pages said about the speakers. Null
 * when someone qualified, or the campaign has no conference speakers.
 */
export async function nobodyQualified(w: Pick<Work, 'services' | 'campaign' | 'brief'>): Promise<string | null> {
  const { db } = w.services;
  const c = await db
    .selectFrom('speakers')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when qualified = 1 then 1 else 0 end)`.as('qualified'),
      sql<number>`sum(case when prequalify_verdict = 'disqualified' then 1 else 0 end)`.as('ruled_out'),
      sql<number>`sum(case when fit_score is not null then 1 else 0 end)`.as('scored'),
      sql<number>`sum(case when title is not null and title <> '' then 1 else 0 end)`.as('titled'),
      sql<number>`sum(case when company is not null and company <> '' then 1 else 0 end)`.as('companies'),
      sql<number>`sum(case when bio is not null and bio <> '' then 1 else 0 end)`.as('bios'),
      sql<number>`sum(case when model_error is not null then 1 else 0 end)`.as('failed'),
    ])
    .where('campaign_id', '=', w.campaign.id)
    .where('source', '=', 'conference')
    .executeTakeFirstOrThrow();
  const n = (v: number | null) => Number(v ?? 0);
  const total = n(c.total);
  if (total === 0 || n(c.qualified) > 0) return null;
  // Speakers a model failed were not judged: that is another warning's business.
  if (n(c.failed) === total) return null;
  const best = await db
    .selectFrom('speakers')
    .select(['name', 'title', 'fit_score'])
    .where('campaign_id', '=', w.campaign.id)
    .where('source', '=', 'conference')
    .where('fit_score', 'is not', null)
    .orderBy('fit_score', 'desc')
    .limit(1)
    .executeTakeFirst();
  const ruledOut = await db
    .selectFrom('speakers')
    .select('prequalify_reasons')
    .where('campaign_id', '=', w.campaign.id)
    .where('prequalify_verdict', '=', 'disqualified')
    .limit(200)
    .execute();
  const why = new Map<string, number>();
  for (const r of ruledOut) {
    const first = reasonsColumn.read(r.prequalify_reasons)[0];
    if (first) why.set(first.replace(/ found in .*$/, ''), (why.get(first.replace(/ found in .*$/, '')) ?? 0) + 1);
  }
  const common = [...why.entries()].sort((a, b) => b[1] - a[1])[0];
  const parts = [`Nobody qualified: none of the ${total} speakers reached the fit threshold.`];
  if (n(c.ruled_out)) parts.push(`${n(c.ruled_out)} were ruled out at prequalify${common ? ` (most often: ${common[0]})` : ''}.`);
  if (n(c.scored))
    parts.push(`${n(c.scored)} were scored${best ? `; the best fit was ${best.fit_score} (${best.name}${best.title ? `, ${best.title}` : ''})` : ''}.`);
  const untaken = await db
    .selectFrom('speakers')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', w.campaign.id)
    .where('stage', '=', 'enrich')
    .where('wave', 'is', null)
    .executeTakeFirstOrThrow();
  if (n(untaken.n)) parts.push(`${n(untaken.n)} more were not taken (max_speakers).`);
  parts.push(icpLine(w.brief.icp));
  const pages = await db
    .selectFrom('conference_urls')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', w.campaign.id)
    .where('status', '=', 'done')
    .executeTakeFirstOrThrow();
  parts.push(
    `The page${n(pages.n) > 1 ? 's' : ''} gave a title for ${n(c.titled)} of ${total} speakers, a company for ${n(c.companies)} and a bio for ${n(c.bios)}${n(c.titled) < total / 2 ? ': with few titles there is little to match the ICP against' : ''}.`,
  );
  parts.push('Widen the ICP (more titles or keywords) or add a page that names roles, then start a run again.');
  return parts.join(' ');
}

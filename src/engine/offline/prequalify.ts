/**
 * First cut against the ICP, before any enrichment.
 *
 * Ruled out: an exclusion word describing the speaker, a competitor employer, or a
 * student when the ICP does not ask for students. Let in: a title matching an ICP
 * title, or a level the ICP names (backed by a topic match when the ICP also lists
 * titles). Everything else is "unsure", so weak or missing data never rules anyone out.
 *
 * An ICP with every list empty states no preference. Rejecting everyone would stall
 * the campaign and accepting everyone would flood it, so senior or technical roles
 * pass and the rest stay unsure for the qualify stage to score.
 */
import type { CampaignBrief, PrequalifyResult, SpeakerInput } from '../types.js';
import { compileIcp, matchIcp, type CompiledIcp, type IcpMatch } from './icp.js';
import { LEVEL_RANK } from './seniority.js';

function positives(m: IcpMatch): string[] {
  const out: string[] = [];
  if (m.title) {
    out.push(`title "${m.role?.value}" ${m.title.strength === 'strong' ? 'matches' : 'partly matches'} ICP title "${m.title.phrase}"`);
  }
  if (m.seniorityInIcp) out.push(`seniority ${m.seniority} is in the ICP`);
  for (const k of m.keywords) out.push(`keyword "${k.label}" found in ${k.where}`);
  for (const i of m.industries) out.push(`industry "${i.label}" found in ${i.where}`);
  return out;
}

function gaps(m: IcpMatch, icp: CompiledIcp): string[] {
  const out: string[] = [];
  if (!m.role) out.push('no title given');
  else if (icp.titles.length && !m.title) out.push(`title "${m.role.value}" matches no ICP title`);
  if (m.seniorityInIcp === false) out.push(`seniority ${m.seniority} is not in the ICP`);
  return out;
}

function ruledOut(m: IcpMatch, icp: CompiledIcp): string | null {
  if (m.exclusion) return `exclusion "${m.exclusion.label}" found in ${m.exclusion.where}`;
  if (m.competitor) return `works at competitor "${m.competitor.label}" (${m.competitor.where})`;
  const strongTitle = m.title?.strength === 'strong';
  if (m.seniority === 'student' && !icp.empty && !icp.levels.has('student') && !strongTitle) {
    return `student ("${m.role?.value}"), and the ICP does not target students`;
  }
  return null;
}

function emptyIcpVerdict(m: IcpMatch): PrequalifyResult {
  const role = m.role?.value;
  if (role && m.seniority !== 'student') {
    if (LEVEL_RANK[m.seniority] >= 3) {
      return { verdict: 'qualified', reasons: ['no ICP set', `senior role "${role}" (${m.seniority})`] };
    }
    if (m.technical) return { verdict: 'qualified', reasons: ['no ICP set', `technical role "${role}"`] };
  }
  return { verdict: 'unsure', reasons: ['no ICP set', role ? `role "${role}" is neither clearly senior nor technical` : 'no title given'] };
}

function isLetIn(m: IcpMatch, icp: CompiledIcp): boolean {
  if (m.title?.strength === 'strong') return true;
  const topical = m.keywords.length > 0 || m.industries.length > 0;
  if (m.seniorityInIcp) return icp.titles.length === 0 || topical || m.title !== null;
  return m.title !== null && topical && m.seniorityInIcp !== false;
}

export function prequalifySpeaker(s: SpeakerInput, c: CampaignBrief): PrequalifyResult {
  const icp = compileIcp(c.icp);
  const m = matchIcp(s, icp);
  const out = ruledOut(m, icp);
  if (out) return { verdict: 'disqualified', reasons: [out] };
  if (icp.empty) return emptyIcpVerdict(m);
  const good = positives(m);
  if (isLetIn(m, icp)) return { verdict: 'qualified', reasons: good };
  const reasons = [...good, ...gaps(m, icp)];
  return { verdict: 'unsure', reasons: reasons.length ? reasons : ['nothing in the profile matches the ICP'] };
}

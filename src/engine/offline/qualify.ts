/**
 * The final fit score. Additive so every point can be explained: each reason names
 * the points it added or took away.
 */
import type { CampaignBrief, Enrichment, PrequalifyResult, QualifyResult, SpeakerInput } from '../types.js';
import { compileIcp, matchIcp, type CompiledIcp, type IcpMatch } from './icp.js';
import { LEVEL_RANK } from './seniority.js';

export const DEFAULT_QUALIFY_THRESHOLD = 50;

const VERDICT_BASE = { qualified: 55, unsure: 30, disqualified: 0 } as const;
/** A ruled-out speaker can still be scored for reporting, but never near the threshold. */
const DISQUALIFIED_CAP = 10;

type Part = [points: number, reason: string];

function roleParts(m: IcpMatch, icp: CompiledIcp, e: Enrichment): Part[] {
  const parts: Part[] = [];
  if (m.title) {
    parts.push(m.title.strength === 'strong' ? [20, `title matches ICP title "${m.title.phrase}"`] : [8, `title partly matches ICP title "${m.title.phrase}"`]);
  }
  const level = e.seniority !== 'unknown' ? e.seniority : m.seniority;
  if (level === 'student') parts.push([-25, 'student']);
  else if (icp.levels.size) {
    if (icp.levels.has(level)) parts.push([15, `seniority ${level} is in the ICP`]);
    else if (level !== 'unknown') parts.push([-10, `seniority ${level} is not in the ICP`]);
  } else if (LEVEL_RANK[level] > 1) {
    parts.push([Math.round(LEVEL_RANK[level] * 2.5), `seniority ${level}`]);
  }
  if (icp.empty && m.technical) parts.push([10, 'technical role']);
  return parts;
}

function topicParts(m: IcpMatch): Part[] {
  const parts: Part[] = [];
  if (m.keywords.length) {
    parts.push([Math.min(15, 5 * m.keywords.length), `ICP keywords: ${m.keywords.map((k) => k.label).join(', ')}`]);
  }
  if (m.industries.length) {
    parts.push([Math.min(10, 5 * m.industries.length), `ICP industries: ${m.industries.map((k) => k.label).join(', ')}`]);
  }
  return parts;
}

function reachParts(s: SpeakerInput, m: IcpMatch, e: Enrichment): Part[] {
  const parts: Part[] = [];
  if (e.linkedinUrl ?? s.linkedinUrl) parts.push([5, 'reachable on LinkedIn']);
  if (m.company || e.companyDomain) parts.push([3, 'employer known']);
  if (s.talks?.length) parts.push([2, 'has a talk to reference']);
  return parts;
}

export function qualifySpeaker(s: SpeakerInput, e: Enrichment, p: PrequalifyResult, c: CampaignBrief, threshold = DEFAULT_QUALIFY_THRESHOLD): QualifyResult {
  const icp = compileIcp(c.icp);
  // An enrichment may have found the role where the scrape had no title.
  const speaker = !s.title && e.role ? { ...s, title: e.role } : s;
  const m = matchIcp(speaker, icp);
  const parts: Part[] = [[VERDICT_BASE[p.verdict], `prequalify verdict ${p.verdict}`], ...roleParts(m, icp, e), ...topicParts(m), ...reachParts(s, m, e)];
  let score = parts.reduce((sum, [points]) => sum + points, 0);
  score = Math.max(0, Math.min(100, score));
  if (p.verdict === 'disqualified') score = Math.min(score, DISQUALIFIED_CAP);
  const reasons = parts.filter(([points]) => points !== 0).map(([points, why]) => `${points > 0 ? '+' : ''}${points} ${why}`);
  if (p.verdict === 'disqualified') reasons.push(...p.reasons.map((r) => `ruled out: ${r}`));
  const qualified = p.verdict !== 'disqualified' && score >= threshold;
  reasons.push(qualified ? `score ${score} >= ${threshold}` : `score ${score} below ${threshold}`);
  return { score, qualified, reasons };
}

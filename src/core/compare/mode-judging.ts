import { sql } from 'kysely';
import type { CampaignRow, MessageRow, SpeakerRow } from '../../../db/types.js';
import type { Db } from '../../../db/index.js';
import type { CampaignBrief } from '../../engine/types.js';
import { campaignBrief, signalsOf, speakerInput } from '../brief.js';
import { agreement, judgeInput, judgeWith, mean, storedVerdict } from './common.js';
import { attempt } from './ledger.js';
import type { CompareEnv, Item, Mode } from './runner.js';

type SequenceItem = Item & { speaker: SpeakerRow; campaign: CampaignRow };
type MessageItem = Item & { message: MessageRow; speaker: SpeakerRow; campaign: CampaignRow; decision: 'approved' | 'sent' | 'rejected' };

/** The founder's recipe as the database holds it: the campaign's brief, its ICP and the style exemplars people approved. */
export function recipeOf(c: CampaignRow, brief: CampaignBrief): Record<string, unknown> {
  return {
    client_id: c.user_id,
    campaign_id: c.id,
    pitch: brief.pitch,
    cta: brief.cta,
    sender_name: brief.yourName,
    sender_role: brief.yourRole,
    tone: brief.tone,
    positioning: brief.positioning,
    icp: brief.icp,
    exemplars: brief.exemplars.slice(-5),
  };
}

const briefs = new WeakMap<CompareEnv, Map<string, Promise<CampaignBrief>>>();
function briefOf(env: CompareEnv, c: CampaignRow): Promise<CampaignBrief> {
  let m = briefs.get(env);
  if (!m) briefs.set(env, (m = new Map()));
  let b = m.get(c.id);
  if (!b) m.set(c.id, (b = campaignBrief(env.ctx.db, c)));
  return b;
}

/** judge: each provider, in the QA gate's seat, scores a campaign's drafted sequences; set against the gate's stored verdicts. */
export const judgeMode: Mode<SequenceItem> = {
  async page(env, offset, limit) {
    const campaign = env.plan.campaign as CampaignRow;
    const q = env.ctx.db.selectFrom('speakers').where('campaign_id', '=', campaign.id).where('drafted_at', 'is not', null);
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q.selectAll().orderBy('seq').limit(limit).offset(offset).execute();
    return {
      total,
      items: rows.map((s) => ({ kind: 'sequence' as const, id: s.id, label: s.name, campaignId: campaign.id, speakerId: s.id, speaker: s, campaign })),
    };
  },
  callsPerItem: (plan) => plan.providers.map((provider) => ({ provider, stage: 'judge' as const, count: 1 })),
  async run(env, item) {
    const messages = await env.ctx.db.selectFrom('messages').selectAll().where('speaker_id', '=', item.speaker.id).orderBy('slot').execute();
    const brief = await briefOf(env, item.campaign);
    const s = speakerInput(item.speaker);
    const input = judgeInput('full', s, signalsOf(item.speaker), brief, messages);
    const gate = messages.map(storedVerdict);
    const results = await Promise.all(
      env.plan.providers.map((p) =>
        attempt(env.ledger, p, async () => {
          const judged = await judgeWith(env, p, env.plan.modelFor(p, 'judge'), input, env.ownerOf(item));
          const metrics = { ...agreement(gate, judged), judge_score: mean([...judged.values()].map((j) => j.score)) };
          return { metrics, detail: gate.map((g) => ({ slot: g.slot, gate: g, judge: judged.get(g.slot) ?? null })) };
        }),
      ),
    );
    return { results };
  },
};

async function messagePage(env: CompareEnv, where: 'human' | 'founder', offset: number, limit: number): Promise<{ total: number; items: MessageItem[] }> {
  const db: Db = env.ctx.db;
  let q = db.selectFrom('messages').where('user_id', '=', env.ctx.principal.userId);
  if (env.plan.campaign) q = q.where('campaign_id', '=', env.plan.campaign.id);
  // An approval counts only while it is of the current text: an edit since makes it a verdict on other words.
  q =
    where === 'human'
      ? q.where((eb) => eb.or([eb('sent', '=', 1), eb('founder_stamp', '=', 'rejected'), eb('approved_at', '>=', eb.ref('content_updated_at'))]))
      : q.where((eb) => eb.or([eb('founder_stamp', 'is not', null), eb('approved_at', '>=', eb.ref('content_updated_at'))]));
  const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('seq').limit(limit).offset(offset).execute();
  const items: MessageItem[] = [];
  for (const m of rows) {
    const speaker = await db.selectFrom('speakers').selectAll().where('id', '=', m.speaker_id).executeTakeFirstOrThrow();
    const campaign = await db.selectFrom('campaigns').selectAll().where('id', '=', m.campaign_id).executeTakeFirstOrThrow();
    const decision = m.founder_stamp === 'rejected' ? 'rejected' : m.sent === 1 && where === 'human' ? 'sent' : 'approved';
    items.push({
      kind: 'message',
      id: m.id,
      label: `${speaker.name}, slot ${m.slot} (${decision})`,
      campaignId: m.campaign_id,
      speakerId: speaker.id,
      message: m,
      speaker,
      campaign,
      decision,
    });
  }
  return { total, items };
}

/** One judge call per provider on a message a person decided on; does the judge agree with the person? */
async function judgeDecision(env: CompareEnv, item: MessageItem, context: 'message' | 'full', withRecipe: boolean) {
  const brief = await briefOf(env, item.campaign);
  const s = speakerInput(item.speaker);
  const sequence =
    context === 'full'
      ? await env.ctx.db.selectFrom('messages').selectAll().where('speaker_id', '=', item.speaker.id).orderBy('slot').execute()
      : [item.message];
  const input = judgeInput(context, s, signalsOf(item.speaker), brief, sequence, withRecipe ? recipeOf(item.campaign, brief) : undefined);
  const wanted = item.decision !== 'rejected';
  const results = await Promise.all(
    env.plan.providers.map((p) =>
      attempt(env.ledger, p, async () => {
        const judged = (await judgeWith(env, p, env.plan.modelFor(p, 'judge'), input, env.ownerOf(item))).get(item.message.slot);
        return {
          metrics: {
            decision: item.decision,
            judge_approvable: judged?.approvable ?? null,
            judge_score: judged?.score ?? null,
            agrees: judged ? judged.approvable === wanted : null,
          },
          detail: judged ?? null,
        };
      }),
    ),
  );
  return { results };
}

/** human: each provider judges messages people approved, sent or rejected; agreement with what the people decided. */
export const humanMode: Mode<MessageItem> = {
  page: (env, offset, limit) => messagePage(env, 'human', offset, limit),
  callsPerItem: (plan) => plan.providers.map((provider) => ({ provider, stage: 'judge' as const, count: 1 })),
  run: (env, item) => judgeDecision(env, item, env.plan.judgeContext, false),
};

/** founder: each provider judges, by the founder's recipe, the messages the founder stamped or approved; agreement with the founder. */
export const founderMode: Mode<MessageItem> = {
  page: (env, offset, limit) => messagePage(env, 'founder', offset, limit),
  callsPerItem: (plan) => plan.providers.map((provider) => ({ provider, stage: 'judge' as const, count: 1 })),
  run: (env, item) => judgeDecision(env, item, 'full', true),
};

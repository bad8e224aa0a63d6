/**
 * Two people at one company compare notes: they must not get the same text with only
 * the name changed. Drafts are checked against what colleagues in the campaign already
 * got (stored, or drafted earlier in the same step) and drafted again in another wording.
 */
import type { SpeakerRow } from '../../../db/types.js';
import type { DraftSlot } from '../../engine/types.js';
import { stableHash } from '../../engine/offline/text.js';
import type { Work } from '../work.js';

/** Wordings tried before the last one is kept: a company of many can exhaust the templates. */
const MAX_VARIANTS = 3;

/**
 * Per step (a Work lives for one step): the texts each company's people got, name aside,
 * kept as hashes: a large company's every message held as text would cost megabytes. Two
 * texts sharing a hash by chance only cost one more wording.
 */
const taken = new WeakMap<Work, Map<string, Promise<Set<number>>>>();

/** The text with the recipient's name taken out, so "Hi Ana, …" and "Hi Ben, …" compare equal. */
function shape(content: string, name: string): number {
  let out = content;
  for (const part of name.split(/\s+/).filter((p) => p.length > 1)) out = out.split(part).join('\u0000');
  return stableHash(out);
}

function companyTexts(w: Work, companyFold: string): Promise<Set<number>> {
  let byCompany = taken.get(w);
  if (!byCompany) taken.set(w, (byCompany = new Map()));
  let texts = byCompany.get(companyFold);
  if (!texts) {
    texts = w.services.db
      .selectFrom('messages')
      .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
      .select(['messages.content', 'speakers.name'])
      .where('speakers.campaign_id', '=', w.campaign.id)
      .where('speakers.company_fold', '=', companyFold)
      .execute()
      .then((rows) => new Set(rows.map((r) => shape(r.content, r.name))));
    byCompany.set(companyFold, texts);
  }
  return texts;
}

export async function distinctFromColleagues(w: Work, s: SpeakerRow, draft: (variant: number) => Promise<DraftSlot[]>): Promise<DraftSlot[]> {
  // A vendor's drafts differ by themselves; asking again would only cost another call.
  if (!s.company_fold || w.engine.route('draft').provider !== 'offline') return draft(0);
  const texts = await companyTexts(w, s.company_fold);
  let slots: DraftSlot[] = [];
  for (let variant = 0; variant < MAX_VARIANTS; variant++) {
    slots = await draft(variant);
    // Checked and recorded with no await in between, so speakers drafted side by side see each other.
    if (!slots.some((d) => texts.has(shape(d.content, s.name)))) break;
  }
  for (const d of slots) texts.add(shape(d.content, s.name));
  return slots;
}

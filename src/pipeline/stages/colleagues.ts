/**
 * Two people at one company compare notes: they must not get the same text with only
 * the name changed. Drafts are checked against what colleagues in the campaign already
 * got (stored when the step began, or drafted earlier in the same step) and drafted again
 * in another wording.
 */
import type { SpeakerRow } from '../../../db/types.js';
import type { DraftSlot } from '../../engine/types.js';
import type { Work } from '../work.js';
import { companyShapesForStep } from './campaign-lines.js';
import { shape } from './colleague-shape.js';

/** Wordings tried before the last one is kept: a company of many can exhaust the templates. */
const MAX_VARIANTS = 3;

export async function distinctFromColleagues(w: Work, s: SpeakerRow, draft: (variant: number) => Promise<DraftSlot[]>): Promise<DraftSlot[]> {
  // A vendor's drafts differ by themselves; asking again would only cost another call.
  if (!s.company_fold || w.engine.route('draft').provider !== 'offline') return draft(0);
  const companies = await companyShapesForStep(w);
  let texts = companies.get(s.company_fold);
  if (!texts) companies.set(s.company_fold, (texts = new Set()));
  let slots: DraftSlot[] = [];
  for (let variant = 0; variant < MAX_VARIANTS; variant++) {
    slots = await draft(variant);
    // Checked and recorded with no await in between, so speakers drafted side by side see each other.
    if (!slots.some((d) => (texts as Set<number>).has(shape(d.content, s.name)))) break;
  }
  for (const d of slots) texts.add(shape(d.content, s.name));
  return slots;
}

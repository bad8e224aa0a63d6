/**
 * The product's question asked of someone whose own page is about something else: "what
 * does your team use to spot which request got slow?" to a music teacher or an art
 * curator embarrasses the sender. The reader's own texts (title, company, bio, talks; not
 * the event every speaker shares) are read against the campaign's field: its ICP keywords
 * and titles and the pitch's words.
 */
import { Memo, contentStemSet, fold } from './text.js';
import type { QaInput } from './types.js';

/** Fewer distinct content words of their own than this say too little to call a reader far from the field. */
const OWN_STEMS = 25;
/** Asking someone else, or doubting the fit, is how a note to a far reader should read. */
const HEDGE_RE =
  /\b(?:who should|who would|who on your side would|right person|someone else|colleague|point me|outside your|far from|not your area|may not be for you|can't say|whose would|may have nothing)\b/i;

/** Words of a pitch that name no field: a person's page holding them says nothing of their work. */
const NOT_A_FIELD = new Set(['show', 'week', 'without', 'setup', 'help', 'keep', 'actual', 'answer', 'change', 'work', 'time', 'head', 'director', 'founder']);

const fieldMemo = new Memo<ReadonlySet<string>>(16);

function fieldStems(input: Pick<QaInput, 'campaign'>): ReadonlySet<string> {
  const c = input.campaign;
  const text = [...(c.field ?? []), c.pitch ?? ''].join('\n');
  return fieldMemo.get(text, () => new Set([...contentStemSet(text)].filter((s) => !NOT_A_FIELD.has(s))));
}

/** Why the message asks the product's question of someone far from its field, or null. */
export function farFromField(input: QaInput, own: string): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (input.slot === 1 || !product || !input.campaign.field?.length || !input.content.includes('?')) return null;
  if (!fold(input.content).includes(fold(product)) || HEDGE_RE.test(input.content)) return null;
  const name = contentStemSet(input.speaker.name);
  const mine = [...contentStemSet(own)].filter((s) => !name.has(s));
  if (mine.length < OWN_STEMS) return null;
  const field = fieldStems(input);
  for (const s of mine) if (field.has(s)) return null;
  return `nothing of theirs (${mine.slice(0, 5).join(', ')}…) is near the product's field, and the message asks them the product's question`;
}

/** Moving an existing message between casual and formal wording, phrase by phrase. */
import type { Register } from './style.js';

type Swap = readonly [RegExp, string];

function keepCase(match: string, replacement: string): string {
  if (!match || !replacement) return replacement;
  const upper = match[0] === match[0].toUpperCase() && match[0] !== match[0].toLowerCase();
  return upper ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}

const TO_FORMAL: readonly Swap[] = [
  [/^(?:hey|hi|hiya|yo)\b/i, 'Hello'],
  [/\bI'm\b/g, 'I am'],
  [/\bI'd\b/g, 'I would'],
  [/\bI'll\b/g, 'I will'],
  [/\bI've\b/g, 'I have'],
  [/\byou're\b/gi, 'you are'],
  [/\bwe're\b/gi, 'we are'],
  [/\bit's\b/gi, 'it is'],
  [/\bthat's\b/gi, 'that is'],
  [/\bdon't\b/gi, 'do not'],
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bisn't\b/gi, 'is not'],
  [/\blet's\b/gi, 'let us'],
  [/\bcheers,/gi, 'Kind regards,'],
  [/\bthanks,$/gim, 'Kind regards,'],
  [/\bthanks for\b/gi, 'thank you for'],
  [/\bup for connecting\?/gi, 'would you be open to connecting?'],
  [/\bmind if we connect\?/gi, 'would you be open to connecting?'],
  [/\bshall we connect\?/gi, 'would you be open to connecting?'],
  [/\blooks like a great session\./gi, 'caught my attention.'],
  [/\bloved the topic\b/gi, 'I appreciated the topic'],
  [/\bhappy to connect!/gi, 'I would be glad to connect.'],
  [/\bwould be great to connect\./gi, 'I would welcome the chance to connect.'],
  [/\bquick follow-up\./gi, 'a brief follow-up.'],
  [/\bup for a\b/gi, 'would you be open to a'],
  [/\bkeen to\b/gi, 'I would like to'],
  [/\bcould be handy\b/gi, 'It may be useful'],
  [/\bhandy\b/gi, 'useful'],
  [/\brun into\b/gi, 'encounter'],
  [/\bfits right in with\b/gi, 'relates closely to'],
  [/\bis what made me think of you\b/gi, 'prompted this note'],
  [/, saw\b/g, ', I noticed'],
  [/\bsaw\b/g, 'noticed'],
];

const TO_CASUAL: readonly Swap[] = [
  [/^(?:hello|dear|good (?:morning|afternoon|evening))\b/i, 'Hey'],
  [/\bI am\b/g, "I'm"],
  [/\bI would\b/g, "I'd"],
  [/\bI will\b/g, "I'll"],
  [/\bI have\b(?! a| an| the| no| some)/g, "I've"],
  [/\byou are\b/gi, "you're"],
  [/\bwe are\b/gi, "we're"],
  [/\bit is\b/gi, "it's"],
  [/\bthat is\b/gi, "that's"],
  [/\bdo not\b/gi, "don't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\bis not\b/gi, "isn't"],
  [/\b(?:kind|best|warm) regards,/gi, 'Cheers,'],
  [/\bsincerely,/gi, 'Cheers,'],
  [/\bthank you for\b/gi, 'thanks for'],
  [/\bI'd welcome the chance to connect\./gi, 'Would be great to connect.'],
  [/\bI'd be glad to connect\./gi, 'Happy to connect!'],
  [/\bmight we connect here\?/gi, 'up for connecting?'],
  [/\bshall we connect\?/gi, 'up for connecting?'],
  [/\bwould you be open to\b/gi, 'up for'],
  [/\bencounter\b/gi, 'run into'],
  [/\bin light of\b/gi, 'given'],
];

const QUOTED = /("[^"\n]*")/;

/** Applies swaps outside double quotes, so a quoted talk title is never reworded. */
function applySwaps(text: string, swaps: readonly Swap[]): string {
  const pieces = text.split(QUOTED);
  return pieces
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      let out = piece;
      for (const [re, replacement] of swaps) {
        if (i > 0 && re.source.startsWith('^')) continue;
        out = out.replace(re, (m) => keepCase(m, replacement));
      }
      return out;
    })
    .join('');
}

/** Formal text does not exclaim; exclamation marks outside quotes become full stops. */
function calmExclamations(text: string): string {
  return text
    .split(QUOTED)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/!+/g, '.')))
    .join('');
}

export function toRegister(text: string, register: Register): string {
  if (register === 'formal') return calmExclamations(applySwaps(text, TO_FORMAL));
  if (register === 'casual') return applySwaps(text, TO_CASUAL);
  return text;
}

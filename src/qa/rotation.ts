/**
 * Angle rotation: each follow-up should come at the speaker from a new angle.
 * A follow-up that reuses an earlier slot's angle label, or most of its
 * wording, is routed to a person (SPEC part 3 rule 5) without costing points.
 * The words that name the reader (their name, talk titles, company, title) and
 * the sender are left out of the wording compared: every slot points back at the
 * same talk, and a long title said twice is not the same angle said twice.
 */
import { FLAG } from './codes.js';
import { PerSequence, contentStemSet, jaccard } from './text.js';
import type { QaInput } from './types.js';

/** Share of distinct content words two messages may have in common before they count as one angle. */
export const ROTATION_SIMILARITY = 0.5;

const normAngle = (a: string | null | undefined): string =>
  (a ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

interface Address {
  /** The stems of who is writing to whom: the same in every slot of a sequence. */
  stems: ReadonlySet<string>;
  /** Each slot's stems without them: a slot is compared again as the earlier slot of each later one. */
  own: Map<string, ReadonlySet<string>>;
}

const addressOf = new PerSequence<Address>();

function addressFor(input: QaInput): Address {
  const { speaker, campaign } = input;
  return addressOf.get(input, () => ({
    stems: contentStemSet(
      [speaker.name, speaker.company, speaker.title, ...(speaker.talks ?? []), campaign.senderName, campaign.senderCompany].filter(Boolean).join('\n'),
    ),
    own: new Map(),
  }));
}

function ownStems(text: string, address: Address): ReadonlySet<string> {
  let stems = address.own.get(text);
  if (!stems) {
    // A sequence has three texts; rewrites add a few more, never many.
    if (address.own.size >= 16) address.own.clear();
    stems = new Set([...contentStemSet(text)].filter((s) => !address.stems.has(s)));
    address.own.set(text, stems);
  }
  return stems;
}

export function sameAngle(input: QaInput): boolean {
  const earlier = input.otherSlots.filter((o) => o.slot < input.slot);
  const mine = normAngle(input.angle);
  if (mine && earlier.some((o) => normAngle(o.angle) === mine)) return true;
  const address = addressFor(input);
  const stems = ownStems(input.content, address);
  if (stems.size < 3) return false;
  return earlier.some((o) => jaccard(stems, ownStems(o.content, address)) >= ROTATION_SIMILARITY);
}

/** The rotation flag for this slot, or null. Slot 1 opens the sequence and has nothing to repeat. */
export function rotationFlag(input: QaInput): string | null {
  if (input.slot === 1 || !sameAngle(input)) return null;
  return input.slot === 2 ? FLAG.m2NoRotation : FLAG.m3NoRotation;
}

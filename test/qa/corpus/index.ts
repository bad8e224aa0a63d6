/** The assembled corpus, as ready-to-score inputs. */
import type { QaInput } from '../../../src/qa/score.js';
import { CLEAN_A, type CleanSequence } from './clean-a.js';
import { CLEAN_B } from './clean-b.js';
import { CLEAN_SINGLES } from './clean-c.js';
import { CLEAN_D, CLEAN_SINGLES_D } from './clean-d.js';
import { ALL_CONTEXTS } from './contexts.js';
import { PLACEHOLDER_AND_LENGTH, SHORT_AND_NAMES, type Defect } from './defects-a.js';
import { CLAIMS_AND_LINKS, CTA_SPAM, PREFIX_AND_FORBIDDEN } from './defects-b.js';
import { SUBTLE } from './defects-c.js';
import { FACTS_AND_TEXT } from './defects-d.js';
import { EVIDENCE_AND_GRAMMAR, SEQUENCE_AND_CAMPAIGN } from './defects-e.js';
import { READER_FIT } from './defects-f.js';
import { FILLER_AND_WORDING } from './defects-g.js';
import { PITCH_AND_FACTS } from './defects-h.js';
import { CLEAN_SINGLES_E } from './clean-e.js';
import { CLEAN_SINGLES_F, NO_PITCH_KEPT } from './clean-f.js';
import { ANSWERS_AND_ROLES } from './defects-i.js';
import { ASKS_AFTER_NO_PITCH, LINKS_NAMED, STOCK_CLAUSES, STOCK_CLAUSE_CLEAN, UNFOUNDED_LINKS } from './defects-j.js';
import { READER_REVIEW, READER_REVIEW_CLEAN } from './defects-k.js';
import { GERUNDS_AND_GUSH, GERUNDS_AND_GUSH_CLEAN } from './defects-l.js';
import { DOUBTED_FIT, DOUBTED_FIT_CLEAN } from './defects-m.js';
import { GREETINGS_AND_OFFERS, GREETINGS_AND_OFFERS_CLEAN } from './defects-n.js';
import { OWNED_LEAD_INS, OWNED_LEAD_INS_CLEAN } from './defects-o.js';
import { UNBRIDGED, UNBRIDGED_CLEAN } from './defects-p.js';

export const CLEAN_SEQUENCES: CleanSequence[] = [...CLEAN_A, ...CLEAN_B, ...CLEAN_D, ...NO_PITCH_KEPT];
export const DEFECTS: Defect[] = [
  ...PLACEHOLDER_AND_LENGTH,
  ...SHORT_AND_NAMES,
  ...CLAIMS_AND_LINKS,
  ...CTA_SPAM,
  ...PREFIX_AND_FORBIDDEN,
  ...SUBTLE,
  ...FACTS_AND_TEXT,
  ...EVIDENCE_AND_GRAMMAR,
  ...SEQUENCE_AND_CAMPAIGN,
  ...READER_FIT,
  ...FILLER_AND_WORDING,
  ...PITCH_AND_FACTS,
  ...ANSWERS_AND_ROLES,
  ...STOCK_CLAUSES,
  ...ASKS_AFTER_NO_PITCH,
  ...UNFOUNDED_LINKS,
  ...READER_REVIEW,
  ...GERUNDS_AND_GUSH,
  ...DOUBTED_FIT,
  ...GREETINGS_AND_OFFERS,
  ...OWNED_LEAD_INS,
  ...UNBRIDGED,
];

export interface LabelledInput {
  label: string;
  input: QaInput;
}

/** Every slot of every clean sequence, scored against its sibling slots, then the single drafts. */
export function cleanInputs(): LabelledInput[] {
  const singles = [
    ...CLEAN_SINGLES,
    ...CLEAN_SINGLES_D,
    ...CLEAN_SINGLES_E,
    ...CLEAN_SINGLES_F,
    ...STOCK_CLAUSE_CLEAN,
    ...LINKS_NAMED,
    ...READER_REVIEW_CLEAN,
    ...GERUNDS_AND_GUSH_CLEAN,
    ...DOUBTED_FIT_CLEAN,
    ...GREETINGS_AND_OFFERS_CLEAN,
    ...OWNED_LEAD_INS_CLEAN,
    ...UNBRIDGED_CLEAN,
  ].map((d, n) => ({
    label: `single#${n} ${d.ctx} slot ${d.slot}`,
    input: { ...ALL_CONTEXTS[d.ctx], slot: d.slot, content: d.content, otherSlots: [], ...(d.lines ? { campaignLines: d.lines } : {}) },
  }));
  return [...sequenceInputs(), ...singles];
}

function sequenceInputs(): LabelledInput[] {
  return CLEAN_SEQUENCES.flatMap((seq, n) =>
    seq.slots.map((content, i) => {
      const slot = (i + 1) as 1 | 2 | 3;
      const otherSlots = seq.slots.map((c, j) => ({ slot: (j + 1) as 1 | 2 | 3, content: c, angle: seq.angles[j] })).filter((o) => o.slot !== slot);
      return {
        label: `clean#${n} ${seq.ctx} slot ${slot}`,
        input: { ...ALL_CONTEXTS[seq.ctx], slot, content, otherSlots, angle: seq.angles[i] },
      };
    }),
  );
}

/** Every planted-defect draft, scored alone unless the defect needs its earlier slots or its campaign. */
export function defectInputs(): Array<LabelledInput & { codes: string[] }> {
  return DEFECTS.map((d, n) => ({
    label: `defect#${n} ${d.ctx} slot ${d.slot}`,
    codes: d.codes,
    input: {
      ...ALL_CONTEXTS[d.ctx],
      slot: d.slot,
      content: d.content,
      otherSlots: d.others ?? [],
      limits: d.limits,
      campaignLines: d.lines,
      ...(d.today ? { today: d.today } : {}),
    },
  }));
}

/**
 * Runs every hard-fail check on one draft and reports each failing code once,
 * with the detail that makes its fix hint specific.
 */
import { campaignFrame, campaignPhrase, campaignPitchRun, repeatedLine, type OwnWords } from './campaign-lines.js';
import { findForbidden, findLink, hasCta, lengthDetail, replyPrefix, tooShortDetail } from './checks.js';
import { HARD } from './codes.js';
import { type ClaimContext, prepareKnown, ungroundedClaims } from './grounding.js';
import { notAPerson, unsupportedFact } from './facts.js';
import { genericFiller } from './filler.js';
import { brokenGrammar } from './grammar.js';
import { nameTokens, surnameGreeting, wrongName } from './names.js';
import { audienceLine, pastedPitch, pastedPositioning, productUnexplained } from './pitch.js';
import { topicSwitch } from './topics.js';
import { askAfterNoPitch, doubtedFit, pitchAfterPeopleTalk, presumedPractice, repeatedOrganisation, teamForStudent } from './reader-fit.js';
import { findPlaceholder } from './placeholders.js';
import { brokenText, implausibleFact } from './plausible.js';
import { findSpamTerms } from './spam-terms.js';
import { PerSequence, STOPWORDS, fold, withoutEvents } from './text.js';
import type { HardFinding, QaInput } from './types.js';
import {
  anonymousGreeting,
  bareGreeting,
  claimedCommonGround,
  doubledHedge,
  echoedWord,
  effusivePraise,
  lastNoteNoAsk,
  pastEventWish,
  presumptuousOffer,
  profanity,
  stockOffer,
  verdictRequest,
} from './wording.js';
import { productAsAnswer, whoAnsweredByProduct } from './answer-fit.js';
import { farFromField, unbridgedPitch, unfoundedLink } from './far-field.js';

export interface ResolvedLimits {
  slot1Max: number;
  followupMax: number;
  minChars: number;
  approveScore: number;
}

export const SPAM_STACK = 3;

const COMPANY_SUFFIX = new Set([
  'inc',
  'ltd',
  'llc',
  'gmbh',
  'co',
  'corp',
  'company',
  'group',
  'labs',
  'technologies',
  'systems',
  'software',
  'io',
  'ai',
  'hq',
]);

/**
 * The distinctive word of the company name: "Brightline Media" anchors on
 * "brightline" only, so "a media company" in the pitch says nothing about them.
 */
function companyWords(company: string | null | undefined): string[] {
  const first = fold(company ?? '')
    .split(/[^a-z0-9]+/)
    .find((t) => t.length > 1 && !STOPWORDS.has(t) && !COMPANY_SUFFIX.has(t));
  return first ? [first] : [];
}

/** What a claim may rest on and whose names are whose: the same for every slot of a sequence. */
const claimGrounds = new PerSequence<ClaimContext>();

function groundsOf(input: QaInput): ClaimContext {
  const { speaker, campaign } = input;
  // Competitor names are the sender's knowledge; naming them is forbidden_term's concern, not a claim.
  const knownText = [
    input.grounding,
    speaker.name,
    speaker.company ?? '',
    speaker.title ?? '',
    campaign.pitch ?? '',
    campaign.senderCompany ?? '',
    campaign.senderRole ?? '',
    ...campaign.competitors,
  ].join('\n');
  const recipientNames = new Set<string>([...nameTokens(speaker), ...companyWords(speaker.company)]);
  const senderNames = campaign.senderName ? nameTokens({ name: campaign.senderName }) : new Set<string>();
  return { known: prepareKnown(knownText), recipientNames, senderNames };
}

function claimFinding(input: QaInput): HardFinding | null {
  const claims = ungroundedClaims(
    input.content,
    claimGrounds.get(input, () => groundsOf(input)),
  );
  if (claims.length === 0) return null;
  return { code: HARD.ungroundedClaim, detail: `not in the dossier: ${claims.slice(0, 3).join(', ')}` };
}

/** The campaign's own words, which runs shared across it may be made of. */
/** The call to action every sequence carries by design (QaCampaign.ctaLines). */
const ctaLines = (i: QaInput): string => i.campaign.ctaLines || i.campaign.cta;

const ownWordsOf = new PerSequence<OwnWords>();
const ownWords = (i: QaInput): OwnWords =>
  ownWordsOf.get(i, () => ({
    cta: ctaLines(i),
    pitch: i.campaign.pitch,
    sender: i.campaign.senderName,
    company: i.campaign.senderCompany,
    event: i.speaker.evidence?.event,
    role: i.campaign.senderRole,
    facts: [...(i.speaker.talks ?? []), i.speaker.title, i.speaker.company],
  }));

/** The grounding without the event's name (text.ts withoutEvents), once for a sequence. */
const plainGrounding = new PerSequence<string>();
const ownGrounding = (i: QaInput): string => plainGrounding.get(i, () => withoutEvents(i.grounding, i.speaker));

type Check = (input: QaInput, limits: ResolvedLimits) => HardFinding | null;

const found = (code: string, detail: string | null | undefined): HardFinding | null => (detail ? { code, detail } : null);

const CHECKS: Check[] = [
  (i) => found(HARD.unresolvedPlaceholder, findPlaceholder(i.content)),
  (i, l) => found(HARD.overLength, lengthDetail(i.content, i.slot === 1 ? l.slot1Max : l.followupMax)),
  (i, l) => found(HARD.emptyOrTooShort, tooShortDetail(i.content, l.minChars)),
  (i) => found(HARD.wrongRecipientName, wrongName(i.content, i.speaker, i.campaign.senderName)),
  claimFinding,
  (i) => found(HARD.linkInFirstTouch, i.slot === 1 ? findLink(i.content) : null),
  (i) => (i.slot === 3 && !hasCta(i.content, i.campaign.cta) ? { code: HARD.missingCta, detail: `call to action: "${i.campaign.cta}"` } : null),
  (i) => {
    const terms = findSpamTerms(i.content);
    return terms.length >= SPAM_STACK ? { code: HARD.spamTriggerStack, detail: terms.join(', ') } : null;
  },
  (i) => found(HARD.fakeReplyPrefix, i.slot === 1 ? replyPrefix(i.content) : null),
  (i) => found(HARD.forbiddenTerm, findForbidden(i.content, [...i.campaign.exclusions, ...i.campaign.competitors]).join(', ')),
  (i) => found(HARD.implausibleCompanyOrTitle, implausibleFact(i.content, i.speaker)),
  (i) => found(HARD.brokenText, brokenText(i.content)),
  (i) => found(HARD.brokenGrammar, brokenGrammar(i.content)),
  (i) => found(HARD.unsupportedFact, unsupportedFact(i) ?? presumedPractice(i, ownGrounding(i))),
  (i) => found(HARD.notAPerson, notAPerson(i.speaker)),
  (i) => found(HARD.surnameGreeting, surnameGreeting(i.content, i.speaker)),
  (i) => found(HARD.pastedPitch, pastedPitch(i.content, i.campaign.pitch)),
  (i) => found(HARD.topicSwitch, topicSwitch(i)),
  (i) => found(HARD.repeatedOrganisation, repeatedOrganisation(i.content, i.speaker)),
  (i) => found(HARD.teamForStudent, teamForStudent(i)),
  (i) => found(HARD.pitchAfterPeopleTalk, pitchAfterPeopleTalk(i)),
  (i) => found(HARD.askAfterNoPitch, askAfterNoPitch(i)),
  (i) => found(HARD.campaignRepeatedLine, repeatedLine(i.content, i.campaignLines, ctaLines(i), i.slot)),
  (i) => found(HARD.campaignRepeatedPhrase, campaignPhrase(i.content, i.slot, i.campaignLines, ownWords(i))),
  (i) => found(HARD.campaignRepeatedPitch, campaignPitchRun(i.content, i.slot, i.campaignLines, ownWords(i))),
  (i) => found(HARD.productUnexplained, productUnexplained(i)),
  (i) => found(HARD.campaignRepeatedFrame, campaignFrame(i.content, i.slot, i.campaignLines, ctaLines(i), i.campaign.pitch ?? null)),
  (i) => found(HARD.genericFiller, genericFiller(i)),
  (i) => found(HARD.pastEventWish, pastEventWish(i)),
  (i) => found(HARD.anonymousGreeting, anonymousGreeting(i.content, i.speaker.name)),
  (i) => found(HARD.doubledHedge, doubledHedge(i.content)),
  (i) => found(HARD.questionAnswerMismatch, whoAnsweredByProduct(i)),
  (i) => found(HARD.farFromField, farFromField(i, ownGrounding(i))),
  (i) => found(HARD.unfoundedLink, unfoundedLink(i)),
  // A reader far_from_field already finds is not told the same twice.
  (i) => found(HARD.unbridgedPitch, farFromField(i, ownGrounding(i)) ? null : unbridgedPitch(i)),
  (i) =>
    found(
      HARD.pastedPositioning,
      pastedPositioning(i.content, i.campaign.positioning, i.campaign.pitch) ?? audienceLine(i.content, i.campaign.positioning, i.campaign.senderCompany),
    ),
  (i) => found(HARD.presumptuousOffer, presumptuousOffer(i.content)),
  (i) => found(HARD.productAsAnswer, productAsAnswer(i)),
  (i) => found(HARD.effusivePraise, effusivePraise(i.content)),
  (i) => found(HARD.echoedWord, echoedWord(i.content)),
  (i) => found(HARD.profanity, profanity(i.content)),
  (i) => found(HARD.lastNoteNoAsk, lastNoteNoAsk(i)),
  (i) => found(HARD.claimedCommonGround, claimedCommonGround(i.content)),
  (i) => found(HARD.doubtedFit, doubtedFit(i)),
  (i) => found(HARD.stockOffer, stockOffer(i)),
  (i) => found(HARD.verdictRequest, verdictRequest(i)),
  (i) => found(HARD.bareGreeting, bareGreeting(i.content)),
];

export function hardFindings(input: QaInput, limits: ResolvedLimits): HardFinding[] {
  if (!input.content.trim()) return [{ code: HARD.emptyOrTooShort, detail: 'empty' }];
  const out: HardFinding[] = [];
  for (const check of CHECKS) {
    const f = check(input, limits);
    if (f) out.push(f);
  }
  return out;
}

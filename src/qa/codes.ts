/**
 * The hard-fail vocabulary of the QA gate (served by GET /qa-codes) and the
 * routing flags that send a draft to a person without ever showing in reasons.
 */
import type { FixHint, QaAction, QaCode, QaFix } from './types.js';

export type { QaAction, QaCode, QaFix } from './types.js';

/** A catalog entry as written: its fix; the SPEC's action follows from it. */
type Entry = Omit<QaCode, 'action'> & { fix: 'rewrite' | 'human_review' };

/**
 * The SPEC's fix action for a fix: a finding a rewrite fixes is `rescore` (once the
 * text is rewritten or edited, a clean score releases it); the rest are what they say.
 */
export function actionFor(fix: QaFix): QaAction {
  return fix === 'rewrite' ? 'rescore' : fix;
}

function catalog(entries: Entry[]): readonly QaCode[] {
  return Object.freeze(entries.map((e) => ({ code: e.code, action: actionFor(e.fix), fix: e.fix, hint: e.hint, description: e.description })));
}

export const HARD = {
  unresolvedPlaceholder: 'unresolved_placeholder',
  overLength: 'over_length',
  emptyOrTooShort: 'empty_or_too_short',
  wrongRecipientName: 'wrong_recipient_name',
  ungroundedClaim: 'ungrounded_claim',
  linkInFirstTouch: 'link_in_first_touch',
  missingCta: 'missing_cta',
  spamTriggerStack: 'spam_trigger_stack',
  fakeReplyPrefix: 'fake_reply_prefix',
  forbiddenTerm: 'forbidden_term',
  implausibleCompanyOrTitle: 'implausible_company_or_title',
  brokenText: 'broken_text',
  brokenGrammar: 'broken_grammar',
  unsupportedFact: 'unsupported_fact',
  notAPerson: 'not_a_person',
  surnameGreeting: 'surname_greeting',
  pastedPitch: 'pasted_pitch',
  topicSwitch: 'topic_switch',
  campaignRepeatedLine: 'campaign_repeated_line',
  campaignRepeatedPhrase: 'campaign_repeated_phrase',
  repeatedOrganisation: 'repeated_organisation',
  teamForStudent: 'team_for_student',
  pitchAfterPeopleTalk: 'pitch_after_people_talk',
  campaignRepeatedFrame: 'campaign_repeated_frame',
  genericFiller: 'generic_filler',
  pastEventWish: 'past_event_wish',
  anonymousGreeting: 'anonymous_greeting',
  doubledHedge: 'doubled_hedge',
  campaignRepeatedPitch: 'campaign_repeated_pitch',
  productUnexplained: 'product_unexplained',
  questionAnswerMismatch: 'question_answer_mismatch',
  farFromField: 'far_from_field',
  askAfterNoPitch: 'ask_after_no_pitch',
  unfoundedLink: 'unfounded_link',
  unbridgedPitch: 'unbridged_pitch',
  pastedPositioning: 'pasted_positioning',
  presumptuousOffer: 'presumptuous_offer',
  productAsAnswer: 'product_as_answer',
  effusivePraise: 'effusive_praise',
  echoedWord: 'echoed_word',
  profanity: 'profanity',
  lastNoteNoAsk: 'last_note_no_ask',
  claimedCommonGround: 'claimed_common_ground',
  doubtedFit: 'doubted_fit',
  stockOffer: 'stock_offer',
  verdictRequest: 'verdict_request',
  bareGreeting: 'bare_greeting',
} as const;

export type HardCode = (typeof HARD)[keyof typeof HARD];

/**
 * Every hard-fail code. Most are fixed by a `rewrite` (action `rescore`): the hint is
 * a complete instruction for request_rewrite. `human_review` is kept for findings where rewriting could
 * hide a real problem: a wrong name suggests the draft was built from another
 * person's dossier, and a forbidden term may mean the recipient works for a
 * competitor or an excluded account, which is a targeting decision.
 */
export const QA_CODES = catalog([
  {
    code: HARD.unresolvedPlaceholder,
    fix: 'rewrite',
    hint: 'Replace every template placeholder (such as {{first_name}}, [Company] or <talk title>) with the real value from the speaker dossier, or rewrite the sentence without it.',
    description: 'The draft still contains a template placeholder that was never filled in.',
  },
  {
    code: HARD.overLength,
    fix: 'rewrite',
    hint: 'Shorten the message below the length limit for its slot: keep one personal line, one line of value and one ask.',
    description: 'The draft is longer than its slot allows (first message 300 characters, follow-ups 1000 by default).',
  },
  {
    code: HARD.emptyOrTooShort,
    fix: 'rewrite',
    hint: 'Write a complete message: greet the speaker, give one specific reason for writing and end with one clear ask.',
    description: 'The draft is empty or too short to be a real message.',
  },
  {
    code: HARD.wrongRecipientName,
    fix: 'human_review',
    hint: 'Check that this draft belongs to this speaker, then address them by their own first name and approve it.',
    description: 'The draft greets or addresses someone other than the speaker.',
  },
  {
    code: HARD.ungroundedClaim,
    fix: 'rewrite',
    hint: 'Remove or correct every specific claim about the speaker (talk titles, companies, numbers, quotes) that the dossier does not support; only cite facts from their bio, talk or research.',
    description: 'The draft states a specific fact about the recipient that the dossier and research do not contain.',
  },
  {
    code: HARD.linkInFirstTouch,
    fix: 'rewrite',
    hint: 'Remove every link, web address and email address from the first message; offer to share details instead.',
    description: 'The first message contains a URL, a bare domain or an email address.',
  },
  {
    code: HARD.missingCta,
    fix: 'rewrite',
    hint: "End the final message with the campaign's call to action, stated plainly as the one ask.",
    description: "The final message of the sequence does not carry the campaign's call to action.",
  },
  {
    code: HARD.spamTriggerStack,
    fix: 'rewrite',
    hint: 'Drop the salesy spam-trigger wording (free, guaranteed, act now, cash, winner and the like) and say the same thing plainly.',
    description: 'The draft stacks three or more distinct spam-trigger terms, obfuscated spellings included.',
  },
  {
    code: HARD.fakeReplyPrefix,
    fix: 'rewrite',
    hint: 'Remove the "Re:" / "Fwd:" prefix: the first message must not pretend to continue an earlier thread.',
    description: 'The opening message starts with a reply or forward prefix although no thread exists.',
  },
  {
    code: HARD.forbiddenTerm,
    fix: 'human_review',
    hint: 'Decide whether this speaker should be contacted at all; if yes, remove the excluded or competitor name from the draft and approve it.',
    description: "The draft names one of the campaign's exclusions or competitors.",
  },
  {
    code: HARD.implausibleCompanyOrTitle,
    fix: 'rewrite',
    hint: "Name the recipient's employer or job title only where it plainly is one. Remove the phrase that is an award (MVP, GDE, RD), a number or years of experience, pronouns, a place or a job title standing where the company belongs, or replace it with the real company or title; if unsure, leave the company out.",
    description: "The draft names as the recipient's company or job title something that does not read as one, even if the dossier holds it.",
  },
  {
    code: HARD.brokenText,
    fix: 'rewrite',
    hint: 'Repair the broken text: finish every sentence and question, put the sign-off on its own line at the end, use one punctuation mark where two stand, and start every sentence with a capital.',
    description: 'The draft has broken text: a sign-off inside a sentence, a question ending mid-phrase, doubled punctuation or a sentence fragment.',
  },
  {
    code: HARD.brokenGrammar,
    fix: 'rewrite',
    hint: 'Rewrite the broken sentence as a person would say it: no article before a verb ("you\'re a presently serving as"), "an" before a vowel sound ("an MA"), a space between words ("for .NET"), fields of work in lower case mid-sentence ("cloud", "software developer"), no doubled words, "a" before a job many hold ("as a software engineer at"), none before a title one person holds ("as CEO of"), "the" before an institution ("at the Linux Foundation"), "and" in English inside a title, the session kind said once ("your workshop "Intro to …""), the product\'s task said as a noun or a clause, not a bare gerund ("when finding slow requests comes up", not "When telling which request got slow next comes up"; "where do you lose time finding out which request got slow", not "the slowest part of telling which"), and an opening participle whose subject follows it ("Reading your page, I noticed your work on Azure", not "Reading your page, your work on Azure stood out").',
    description:
      'The draft has broken grammar or spliced text: an article before a verb, a wrong, missing or needless article, words glued together, a common word capitalised mid-sentence, a doubled word, a word of another language inside a title, a session kind repeated as its title, the product\'s task as a gerund where a noun belongs ("the slowest part of telling which request got slow"), or a dangling opener ("Reading your page, your work stood out").',
  },
  {
    code: HARD.unsupportedFact,
    fix: 'rewrite',
    hint: 'State each fact about the speaker (company, organisation, event, role, talk, area of work) exactly as the text it came from gives it, or leave it out. Never use page text (a heading such as "Speakers", a "more" link, a social-media label, "#"), a kind of session ("Keynote"), a topic ("Java") or a talk title as a company or event, never shorten an organisation\'s name ("Georgia Institute" for "Georgia Institute of Technology"), and never say you read what is no text ("your research was a good read"): name what you read, or what caught your eye.',
    description:
      "A fact the draft states about the recipient is not what its evidence says: an organisation's name cut short, page furniture or a heading taken for a company or event, a topic word as an employer, a session kind as a talk, or a role or area of work the evidence does not give.",
  },
  {
    code: HARD.notAPerson,
    fix: 'human_review',
    hint: 'The recipient is not a person (an agenda row, a heading or a page label was read as a speaker): remove this speaker from the campaign; do not send.',
    description: 'The "speaker" this draft addresses reads as an agenda row, a page heading or a label, not a person.',
  },
  {
    code: HARD.surnameGreeting,
    fix: 'rewrite',
    hint: 'Greet the speaker by their first name (or by title and surname, such as "Dr. Mensah"), never by the bare surname.',
    description: 'The greeting uses the bare surname where the first name belongs.',
  },
  {
    code: HARD.pastedPitch,
    fix: 'rewrite',
    hint: 'Say in your own words, in one short sentence, what the sender offers and why it matters to this speaker; do not paste the campaign pitch or its definition of the product ("observability for .NET and JavaScript apps"), and put no label such as "What we do:" in front of it.',
    description:
      'The draft pastes the campaign pitch verbatim beyond a few words, or its definition of the product ("Tracewise, observability for .NET and JavaScript apps"), or labels it ("What we do:").',
  },
  {
    code: HARD.topicSwitch,
    fix: 'rewrite',
    hint: 'Keep the whole sequence on the subject the first message opened with; a follow-up may bring a new angle on it, not a different field (web in one message, Android in the next).',
    description: 'A follow-up turns to a field of work the earlier messages of the sequence never mentioned, while they were about another.',
  },
  {
    code: HARD.campaignRepeatedLine,
    fix: 'rewrite',
    hint: "Rewrite the opening or closing line in words of your own for this speaker: the same line already opens or closes more than a tenth of the campaign's sequences.",
    description:
      "The message opens or closes with a line that more than a tenth of the campaign's sequences share (a fifth, for last notes; checked when the whole campaign is scored).",
  },
  {
    code: HARD.campaignRepeatedPhrase,
    fix: 'rewrite',
    hint: "Say this message's point in words of your own for this speaker, tied to their talk, work or company: the same wording runs through a large share of the campaign's messages in this slot, so together they read as a form letter.",
    description:
      "The message shares a run of words (not the call to action, not the sender's name) with more than a tenth of the campaign's messages in its slot (half, for connection notes; a fifth, for last notes; checked when the whole campaign is scored).",
  },
  {
    code: HARD.repeatedOrganisation,
    fix: 'rewrite',
    hint: 'Name the speaker\'s organisation once in the message; the second time say "there" or leave it out.',
    description: 'The message names the speaker\'s organisation twice or more ("your team at Columbia University ... at Columbia University").',
  },
  {
    code: HARD.teamForStudent,
    fix: 'rewrite',
    hint: 'The speaker is a student: ask about their own work or their lab, not "your team".',
    description: 'The message speaks of "your team" to someone the page calls a student.',
  },
  {
    code: HARD.pitchAfterPeopleTalk,
    fix: 'rewrite',
    hint: "Do not hang the product on this talk: it is about people (diversity, careers, wellbeing). Say something about the talk for its own sake, or tie the product to the speaker's own work instead.",
    description:
      "The message names a talk about people (diversity, careers, wellbeing) and pitches the sender's product in the same message, or a last note rests its call on that talk alone.",
  },
  {
    code: HARD.campaignRepeatedFrame,
    fix: 'rewrite',
    hint: "Write this sentence from scratch for this speaker, built around something they did or said: swapping the name, company, talk or a few words into the same sentence leaves the same form letter, and more than a tenth of the campaign's messages in this slot already have its shape.",
    description:
      "A sentence of the message has the same shape, once names, company, talk, event and topic are masked, as more than a tenth of the campaign's messages in its slot (half, for connection notes; a fifth, for last notes; checked when the whole campaign is scored).",
  },
  {
    code: HARD.genericFiller,
    fix: 'rewrite',
    hint: 'Say one specific thing about this speaker (a point from their talk, their work or their company, as their page gives it, not only their job title or employer) and drop the stock line; a follow-up that only greets them, or offers a hello or a "no" in advance, gives them no reason to answer.',
    description:
      'The message could go to anyone: a follow-up with nothing about the person beyond the greeting, a first follow-up that names only their job title or employer, one that claims a closer reading ("I looked into your talk … a bit more") and names nothing beyond the title of their talk or their employer, or a stock line ("wanted to say hello properly", "Nothing to ask for the moment", "thanks for putting it out there").',
  },
  {
    code: HARD.pastEventWish,
    fix: 'rewrite',
    hint: 'The event is over: do not wish luck for the talk or look forward to it; speak of it in the past ("your talk at …"), or leave the wish out.',
    description:
      "The message wishes luck for, or looks forward to, a talk at an event that is already past (a year in the event's name or evidence before this year).",
  },
  {
    code: HARD.anonymousGreeting,
    fix: 'rewrite',
    hint: 'Greet the speaker by their name as their page gives it (the given name, or the name they go by); never "Hey there" or "Hi there".',
    description: 'The greeting is "Hey there" or "Hi there" although the speaker\'s name is known.',
  },
  {
    code: HARD.doubledHedge,
    fix: 'rewrite',
    hint: 'Ask once: keep "Mind if we connect?" or "Could we connect, if that works for you?" style asks to one hedge, not two in the same question.',
    description: 'One question hedges twice ("Mind if we connect, if that works for you?").',
  },
  {
    code: HARD.campaignRepeatedPitch,
    fix: 'rewrite',
    hint: "Say what the product does for this speaker in words of your own, tied to their talk or work, and ask your question in your own words: the pitch's phrase this message uses already stands in more than a tenth of the campaign's messages in this slot, so the same product question reads as a mail merge.",
    description:
      "The message pastes a clause of the pitch (seven of its words in a row) that more than a tenth of the campaign's messages in its slot also use: the same product line in message after message (checked when the whole campaign is scored).",
  },
  {
    code: HARD.productUnexplained,
    fix: 'rewrite',
    hint: 'Say in one sentence, in your own words, what the product does and why it could matter to this speaker; a follow-up that only names the product, doubts it fits or asks who else to write to gives them nothing to answer.',
    description:
      'The first follow-up never says what the product does: it names the product (or introduces it by its kind alone, "What I build is an observability tool"), doubts it fits or asks for someone else, without a word of what it is for.',
  },
  {
    code: HARD.questionAnswerMismatch,
    fix: 'rewrite',
    hint: 'The question asks who does something and the next sentence answers with the product. Ask how they do it or what they use, or ask who looks after it without answering for them; then say what the product does in a sentence of its own.',
    description:
      'A question asking for a person ("who on your team finds out which request got slow?") is followed by the product as its answer ("Tracewise is built for it").',
  },
  {
    code: HARD.farFromField,
    fix: 'rewrite',
    hint: "Nothing on this speaker's page is near the product's field: do not ask them the product's question or, in a last note, for the call. Say what caught your eye in their own work, and if you mention the product, ask whether it belongs on someone else's desk.",
    description:
      "A follow-up asks the product's question, or a last note asks for the call, of a speaker whose own texts (title, company, bio, talks; not the event) share no word with the campaign's field (its ICP keywords and titles and its pitch): an art curator asked how her team finds slow requests.",
  },
  {
    code: HARD.askAfterNoPitch,
    fix: 'rewrite',
    hint: 'The first follow-up told this speaker the product is far from their work and this is no pitch: do not ask them for a call now. Ask who else would look after it, or close without an ask.',
    description:
      'A last note asks for a call or a demo after the first follow-up said the product is far from the speaker\'s work ("so no pitch here", "a hello rather than a pitch", "it has little to do with what you do"): the sequence contradicts itself.',
  },
  {
    code: HARD.unfoundedLink,
    fix: 'rewrite',
    hint: 'Nothing this message names of the speaker is near what the product does: do not say their work is close to it or made you think of it. Name what in their own work connects, or ask whether it does.',
    description:
      'A follow-up claims that the speaker\'s talk, role or company leads to the product\'s job ("is close to what the teams I work with deal with", "made me think of the teams we work with", "meet at one point") when nothing it names of them shares a word with the campaign\'s field (its ICP keywords and titles and its pitch).',
  },
  {
    code: HARD.unbridgedPitch,
    fix: 'rewrite',
    hint: 'Say how their talk or work meets what the product does, in one sentence and in the terms of their work; if nothing of theirs does, ask about their talk and leave the product for later.',
    description:
      'A first follow-up names the product and their talk, role, work or employer, or only a talk of theirs at the event ("given your OpenTechSummit talk"), yet nothing it names of them is a word of the field (its ICP keywords and titles and its pitch) and no sentence joins what they do with what the product does: \'Your talk "Test-Drive Your Database" is the reason I\'d like you to look at Tracewise.\' A note that says itself the product is likely far from them and asks who else to ask is not this.',
  },
  {
    code: HARD.pastedPositioning,
    fix: 'rewrite',
    hint: 'Do not copy the campaign\'s positioning into the message, nor whom it says you work with ("helps engineering teams"): it describes your market for you, not for the reader. Say in your own words, about this speaker, why the product may matter to them.',
    description:
      'Six words or more in a row of the sender\'s positioning (three of them content words) stand in the message ("find slow requests before their users do"), or the product is said to serve the audience the positioning names ("Tracewise helps engineering teams …"): the same stock line goes to every reader.',
  },
  {
    code: HARD.presumptuousOffer,
    fix: 'rewrite',
    hint: "Do not offer to review how the speaker's team works or to tell them what to change: you know them from one page. Offer to show how the product works, or ask how they do it today.",
    description:
      "The message offers to audit the reader's practice (\"I'd gladly look at how your team goes about … and share what I'd change\"): presumptuous from a stranger.",
  },
  {
    code: HARD.effusivePraise,
    fix: 'rewrite',
    hint: 'Drop the delight at having read about them ("came as a treat", "a pleasure reading up on", "seemed fascinating"): say plainly which part of their talk or work caught your eye, or that it stayed with you; and take no pleasure in reading about a hard subject ("a pleasant while reading about" a war-crimes talk).',
    description:
      'The message gushes over what the writer only read of the reader ("Learning about your work at X came as a treat", "It was a pleasure reading up on your talk"), or pleasure over a hard subject ("a pleasant while reading about" a talk on war crimes): flattery from a stranger, or tone-deaf.',
  },
  {
    code: HARD.echoedWord,
    fix: 'rewrite',
    hint: 'Do not end a sentence on a word and repeat it in the short line after it ("be useful? Either answer is useful."): change or drop the second line.',
    description:
      'A sentence ends on a word the short sentence right after it repeats ("Would a short call be useful? Either answer is useful."): two stock parts clashing.',
  },
  {
    code: HARD.profanity,
    fix: 'rewrite',
    hint: 'Leave the swear word out, quoted titles included: name the talk by its subject ("your talk on Polymer") rather than quoting a crude title to a stranger.',
    description:
      'The message carries a swear word, in its own words or in a quoted title ("Polymer, motherfucka, do you speak it?"): crude in a first note to a stranger.',
  },
  {
    code: HARD.lastNoteNoAsk,
    fix: 'rewrite',
    hint: 'End the last note with the call to action as a plain question ("Would a 20-minute call next week be worth it?"), not as a standing offer ("A call remains an option, should it ever be wanted").',
    description: 'The last note of the sequence asks nothing: the call to action is left as a standing offer the reader has no reason to answer.',
  },
  {
    code: HARD.claimedCommonGround,
    fix: 'rewrite',
    hint: "Do not declare that their role and your work overlap or have a lot in common: you know their title, not their days. Ask whether the product's problem comes up in their work, or say what in their talk or work made you think it might.",
    description:
      'The message declares the reader\'s role and the writer\'s own work alike ("What you do as a professor at X and my work at Labwise overlap on …", "… have a lot in common"): common ground guessed from a title and claimed as theirs.',
  },
  {
    code: HARD.doubtedFit,
    fix: 'rewrite',
    hint: "Do not pitch the product and doubt in the same note that it fits them. If their own work touches the product's job, say where; if it does not, do not pitch it to them.",
    description:
      'A follow-up names the product and shrugs at whether it fits the reader ("You\'d judge its relevance far better than me", "Not your field, I know", "Tell me if it\'s off the mark"): the sender shows they did not look, or pitches someone far from the product\'s field.',
  },
  {
    code: HARD.productAsAnswer,
    fix: 'rewrite',
    hint: 'Do not answer your own question with the product in the next line. Ask the question and let them answer, or say in a sentence of its own what the product would show them.',
    description:
      'A question about how the reader works is answered at once by a short line handing it to the product ("How do you find which request got slow? That\'s the job Tracewise does", "… Tracewise exists for exactly that question"): a sales script.',
  },
  {
    code: HARD.stockOffer,
    fix: 'rewrite',
    hint: 'End the offer on something the reader can answer: ask how they do the task today, or say what seeing the product would take ("fifteen minutes on a call would cover it"); drop "let me know", "our team is happy to help" and "I\'d be glad to show you".',
    description:
      'A follow-up offers the product and closes the offer on a customer-service line ("…would be useful at Fastly, let me know", "our Tracewise team is happy to help", "I\'d be glad to show you Tracewise"): the stock ending of a sales email.',
  },
  {
    code: HARD.verdictRequest,
    fix: 'rewrite',
    hint: 'Do not ask the speaker to judge the product ("a frank opinion of …", "a one-line verdict is plenty", "would it earn a place?"): they have seen nothing of it. Ask how they handle the task today, or whether the need is already covered where they work.',
    description:
      'A follow-up asks a stranger for a verdict on the product from its name and category ("A small request: a frank opinion of Tracewise", "Blunt answers welcome", "you seemed the right person to ask about Tracewise"): the opening of a pitch dressed as a favour.',
  },
  {
    code: HARD.bareGreeting,
    fix: 'human_review',
    hint: 'Greet the speaker by name. When the page gives only a handle ("kr0l", "RND"), find the name they go by (their talk page, profile or site) before writing, or leave them out of the campaign.',
    description: 'The message opens with a greeting and no name ("Hey," then the note): the name slot of a form letter left empty.',
  },
]);

export const FLAG = {
  m2NoRotation: 'm2_no_rotation',
  m3NoRotation: 'm3_no_rotation',
  founderApproved: 'founder_approved',
  founderRejected: 'founder_rejected',
  autoRewriteFailed: 'auto_rewrite_failed',
} as const;

/**
 * Flags that route a draft to a person although they never appear in reasons
 * (SPEC part 3 rule 5). Not hard fails: they do not cap the score.
 */
export const QA_FLAGS = catalog([
  {
    code: FLAG.m2NoRotation,
    fix: 'human_review',
    hint: 'Message 2 repeats the angle of message 1: rewrite it around a different angle, or approve it as is.',
    description: 'The second message reuses the angle or most of the wording of the first.',
  },
  {
    code: FLAG.m3NoRotation,
    fix: 'human_review',
    hint: 'Message 3 repeats the angle of an earlier message: rewrite it around a different angle, or approve it as is.',
    description: 'The third message reuses the angle or most of the wording of an earlier one.',
  },
  {
    code: FLAG.founderApproved,
    fix: 'human_review',
    hint: 'A founder approval stamp is on this message: confirm it still applies to the current text, then approve it.',
    description: 'The message carries a founder approval stamp.',
  },
  {
    code: FLAG.founderRejected,
    fix: 'human_review',
    hint: 'A founder rejected this message: rewrite it or drop the speaker, then approve the new text.',
    description: 'The message carries a founder rejection stamp.',
  },
  {
    code: FLAG.autoRewriteFailed,
    fix: 'human_review',
    hint: 'The automatic rewrite could not clear its hard fails: edit the message or rewrite it with your own instruction, then approve the new text.',
    description: 'The run rewrote this message once to fix its hard fails, and the rewrite failed the check too; the better of the two texts was kept.',
  },
]);

const BY_CODE = new Map<string, QaCode>([...QA_CODES, ...QA_FLAGS].map((c) => [c.code, c]));

export function qaCode(code: string): QaCode | undefined {
  return BY_CODE.get(code);
}

/** A code this release does not know (stored by another) goes to a person. */
export function actionOf(code: string): QaAction {
  return BY_CODE.get(code)?.action ?? 'human_review';
}

export function fixOf(code: string): QaFix {
  return BY_CODE.get(code)?.fix ?? 'human_review';
}

/**
 * A fix hint as stored: hints written before the action followed the SPEC carry
 * `rewrite` as their action and no fix; they read as action `rescore`, fix `rewrite`.
 */
export function storedHint(h: { code: string; action: string; fix?: QaFix; hint: string }): FixHint {
  const fix = h.fix ?? (h.action as QaFix);
  return { code: h.code, action: actionFor(fix), fix, hint: h.hint };
}

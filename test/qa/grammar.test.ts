/**
 * The grammar check of the QA gate, through scoreMessage: the article and word errors the hand
 * labels found in drafts (a job with no article, an article before a one-person title, an
 * institution without "the", "and" in another language inside a title, a session kind said
 * twice), and sentences of the same shape written right, which must pass.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const note = (body: string) => `Hi John,\n\n${body} Would a 20-minute call next week be useful?\n\nBest,\nAlex Kim`;
const gate = (content: string, ctx: keyof typeof ALL_CONTEXTS = 'john') => scoreMessage({ ...ALL_CONTEXTS[ctx], slot: 2, content, otherSlots: [] });
const grammarHint = (content: string) => gate(content).fixHints.find((h) => h.code === 'broken_grammar')?.hint;

describe('broken grammar the labels found', () => {
  const broken: Array<[string, string]> = [
    ['What you do as researcher at the Competence Centre for IT-Security caught my eye.', 'write "a researcher"'],
    ['Your role as software engineer at Shopify got me reading more.', 'write "a software engineer"'],
    ['What you do as polyglot software engineer is why you came to mind.', 'write "a polyglot software engineer"'],
    ['I read about your work on open-source project during Google Summer of Code.', 'write "an open-source project"'],
    ['Your work as a CEO at La Martina caught my eye.', 'write "as CEO of"'],
    ["I'd tailor it to how you work at Open Source Digital Voting Foundation.", 'write "the Open Source Digital Voting Foundation"'],
    ['Your research at University of Bath stood out to me.', 'write "the University of Bath"'],
    ['I enjoyed reading about your role as Senior Partner e Managing Director at Boston Consulting.', '"e" is not English'],
    ['Your workshop "Workshop: Intro to Packet Sniffing with Herbivore" stood out to me.', 'drop "Workshop:" from the title'],
    ["When telling which request got slow next comes up, I'm glad to show what we'd make of it.", 'not a bare gerund'],
    ['Whenever knowing where each figure came from turns into a chore, happy to walk you through it.', 'not a bare gerund'],
    ["What's the slowest part of determining which request got slow at Paylane?", 'the slowest part of telling which'],
    ['Someday a real case of spotting which request got slow could be worth a look with us.', 'not a bare gerund'],
    ['Any time your team wants a second pair of eyes on checking which request got slow, we can help.', 'not a bare gerund'],
    ["I'm with Tracewise, working on knowing which request got slow.", 'not a bare gerund'],
    ['If a short example would help with telling which request got slow, let me know.', 'not a bare gerund'],
    ['Reading your page, your work on Azure stood out.', 'Reading your page, I noticed'],
    ['Your interest in OpenStack cloud platform brought you to mind.', 'write "an OpenStack cloud platform"'],
    ['Your work on Kubernetes scheduling engine got me thinking.', 'write "a Kubernetes scheduling engine"'],
    ['Your work on identification of aging-related chronic diseases biomarkers caught my eye.', 'write "the identification of"'],
    ['Your research in development of new assays stood out to me.', 'write "the development of"'],
  ];
  it.each(broken)('fails "%s" with a hint naming the words', (body, hint) => {
    const r = gate(note(body));
    expect(r.hardFails).toContain('broken_grammar');
    expect(r.approvable).toBe(false);
    expect(grammarHint(note(body))).toContain(hint);
  });
});

describe('the same shapes written right', () => {
  const clean = [
    'What you do as a researcher at the Competence Centre for IT-Security caught my eye.',
    'Your role as a software engineer at Shopify got me reading more.',
    'Your work as Staff Engineer at Shopify got me reading more.',
    'Teams use tools such as developer portals for this.',
    'I read about your work on an open-source project during Google Summer of Code.',
    'Your work as CEO of La Martina caught my eye.',
    "I'd tailor it to how you work at the Open Source Digital Voting Foundation.",
    'Your research at the University of Bath and at Stanford University stood out to me.',
    'Your interest in the OpenStack cloud platform brought you to mind.',
    'Your work on Google Cloud Platform got me thinking.',
    'Your work on the identification of aging-related biomarkers caught my eye.',
    'Your work on bioavailability of minerals got me thinking.',
    'Your work on program analysis for code review automation caught my eye.',
    'Your talk "Construindo uma API com Ktor e Kotlin" stood out to me.',
    'Your workshop "Intro to Packet Sniffing with Herbivore" stood out to me.',
    'Your talk "Talk Is Cheap" stood out to me.',
    "When finding slow requests comes up, I'm glad to show what we'd make of it.",
    'If your team ever wonders how others go about telling which request got slow, happy to share what we see.',
    'Fifteen minutes would cover our approach to pinpointing which request got slow.',
    'If a short example would help with finding out which request got slow, let me know.',
    'Is knowing which request got slow a chore for you, or already solved?',
    'When something breaks at night, who gets paged first?',
    'Reading your page, I noticed your work on Azure.',
    'Your team at 47 Degrees España ever wonders how others do it.',
    // A body that opens on a two-word name: the second word's capital is the name's.
    'Greenroom Coaching helps teams turn conference talks into hiring pipelines; happy to show you.',
  ];
  it.each(clean)('passes "%s"', (body) => {
    expect(gate(note(body)).hardFails).not.toContain('broken_grammar');
  });

  it('reads neither the greeting nor the sign-off', () => {
    const content = 'Hey Ana y Maria,\n\nYour talk on sharding checkout writes stood out.\n\nCheers,\nJosé Ortega y Gasset';
    expect(gate(content).hardFails).not.toContain('broken_grammar');
    expect(gate(content.replace('Your talk on', 'Your talk y notes on')).hardFails).not.toContain('broken_grammar');
    expect(gate(content.replace('Your talk on', 'Your Talk y Notes on')).hardFails).toContain('broken_grammar');
  });

  it('passes a clean draft for John as approvable', () => {
    const r = gate(
      note('Your PGConf talk on sharding checkout writes across 64 clusters at Shopify stood out to me. How does your team test schema changes today?'),
    );
    expect(r.hardFails).toEqual([]);
    expect(r.approvable).toBe(true);
  });
});

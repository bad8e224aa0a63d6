/**
 * Shapes the readers of drafted campaigns marked in every draft that had them, read
 * through the gate as rescore_drafts runs it (core/message-qa scoreSequence): a greeting with
 * no name in it, an offer of the product closed on a customer-service line, and a question
 * owned up to as the product's lead-in. Each beside the draft that says the same and passes.
 */
import { describe, expect, it } from 'vitest';
import { scoreSequence } from '../../src/core/message-qa.js';
import { TRACEWISE_BRIEF as brief, settings } from './tracewise-brief.js';

const dossier = (name: string) => ({
  name,
  title: 'Software Engineer',
  company: 'Paylane',
  tagline: null,
  bio: `${name} builds the checkout at Paylane, a payments company, writing JavaScript and running the backend services behind it.`,
  talks: JSON.stringify([{ title: 'Checkout Latency at Scale' }]),
  signals: '[]',
  enrichment: null,
  event_name: 'DevDays 2023',
  evidence: JSON.stringify({ name, company: 'Paylane', title: 'Software Engineer', talk: 'Checkout Latency at Scale', event: 'DevDays 2023' }),
});

const sign = '\n\nCheers,\nMaya Lindqvist';

function verdict(name: string, slot: number, content: string) {
  const r = scoreSequence(dossier(name), brief, [{ slot, content, angle: null }], settings).get(slot);
  if (!r) throw new Error('no verdict');
  return r;
}

describe('bare_greeting', () => {
  it('flags a note that greets no one, and passes the same note with the name', () => {
    const body = 'your talk "Checkout Latency at Scale" at DevDays 2023 caught my eye. I\'m Maya Lindqvist from Tracewise. Open to connecting?';
    const bare = verdict('x0r', 1, `Hey, ${body}`);
    expect(bare.hardFails).toContain('bare_greeting');
    expect(bare.approvable).toBe(false);
    expect(bare.fixHints.find((h) => h.code === 'bare_greeting')?.fix).toBe('human_review');
    const named = verdict('Kofi Mensah', 1, `Hey Kofi, ${body}`);
    expect(named.hardFails).not.toContain('bare_greeting');
    expect(named.approvable).toBe(true);
  });
});

describe('stock_offer', () => {
  const open = 'Your talk "Checkout Latency at Scale" stayed with me.';
  it('flags an offer closed on "let me know", "happy to help" or "glad to show you"', () => {
    for (const offer of [
      'If a short demo of how Tracewise shows which request got slow would be useful to your team, let me know.',
      'Any time your team wants a second opinion on how to find out which request got slow, our Tracewise team is happy to help.',
      "If your team ever wants another way to see which request got slow, I'd be glad to show you Tracewise.",
    ]) {
      const r = verdict('Kofi Mensah', 2, `Hey Kofi,\n\n${open} ${offer}${sign}`);
      expect(r.hardFails, offer).toContain('stock_offer');
      expect(r.approvable, offer).toBe(false);
    }
  });
  it('passes an offer that says what seeing the product would take', () => {
    const r = verdict(
      'Kofi Mensah',
      2,
      `Hey Kofi,\n\n${open} If it would help to see how Tracewise shows which request got slow, fifteen minutes on a call would cover it.${sign}`,
    );
    expect(r.hardFails).not.toContain('stock_offer');
  });
});

describe('product_as_answer: the question owned up to as the lead-in', () => {
  const q = 'Your talk "Checkout Latency at Scale" stayed with me. How often does your team need to find out which request got slow?';
  it('flags "I ask because that\'s what Tracewise does" and "hence the question"', () => {
    for (const tail of [
      "I ask because that's what Tracewise does.",
      'Tracewise is my day job, hence the question.',
      'At Tracewise we help engineering teams with it.',
    ]) {
      const r = verdict('Kofi Mensah', 2, `Hey Kofi,\n\n${q} ${tail}${sign}`);
      expect(r.hardFails, tail).toContain('product_as_answer');
    }
  });
  it('passes the product named as what the writer works on', () => {
    // The question sets their checkout beside the product's job, so it follows from the talk.
    const asked = 'Your talk "Checkout Latency at Scale" stayed with me. How often does your team need to find out which checkout request got slow?';
    const r = verdict('Kofi Mensah', 2, `Hey Kofi,\n\n${asked} Curious, since I work on Tracewise.${sign}`);
    expect(r.hardFails).not.toContain('product_as_answer');
    expect(r.approvable).toBe(true);
  });
});

describe('verdict_request', () => {
  const why = 'Your talk "Checkout Latency at Scale" is why I\'m asking you about Tracewise, an observability tool for JavaScript apps.';
  it('flags a stranger asked for a verdict on the product', () => {
    for (const ask of ['A one-line verdict is plenty.', 'Blunt answers welcome.', 'Would it earn a place at Paylane?']) {
      const r = verdict('Kofi Mensah', 2, `Hey Kofi,\n\n${why} ${ask}${sign}`);
      expect(r.hardFails, ask).toContain('verdict_request');
      expect(r.approvable, ask).toBe(false);
    }
  });
  it('passes the same note asking whether the need is covered', () => {
    const r = verdict('Kofi Mensah', 2, `Hey Kofi,\n\n${why} Is it something your team would use, or is that need already covered?${sign}`);
    expect(r.hardFails).not.toContain('verdict_request');
  });
});

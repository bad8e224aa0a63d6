/**
 * "Your talk" for a session the page gives as a workshop, a masterclass or a round table is a
 * wrong fact (unsupported_fact): read from the title ("EventStorming Masterclass") or from the
 * page's own line the scraper read the talk from ("Mesa Redonda 2: Formação …"), which keeps the
 * kind the title was cleaned of. Read through the gate as rescore_drafts runs it.
 */
import { describe, expect, it } from 'vitest';
import { scoreSequence } from '../../src/core/message-qa.js';
import { TRACEWISE_BRIEF as brief, settings } from './tracewise-brief.js';

function verdict(talk: string, span: string, content: string, kind?: string) {
  const dossier = {
    name: 'Teresa Lobo',
    title: null,
    company: null,
    tagline: null,
    bio: null,
    talks: JSON.stringify([{ title: talk, ...(kind ? { kind } : {}) }]),
    signals: '[]',
    enrichment: null,
    event_name: 'DevDays 2023',
    evidence: JSON.stringify({ name: 'Teresa Lobo', talk: span, event: 'DevDays 2023' }),
  };
  const r = scoreSequence(dossier, brief, [{ slot: 1, content, angle: null }], settings).get(1);
  if (!r) throw new Error('no verdict');
  return r;
}

const note = (ref: string) => `Hey Teresa, ${ref} caught my eye. I'm Maya Lindqvist from Tracewise. Open to connecting?`;

describe('a workshop or a round table called a talk', () => {
  it('flags "your talk" for a masterclass by its title', () => {
    const r = verdict('EventStorming Masterclass', 'EventStorming Masterclass', note('your talk "EventStorming Masterclass"'));
    expect(r.hardFails).toContain('unsupported_fact');
  });
  it('flags "your talk" for a round table the page counted before its title', () => {
    const span = 'Mesa Redonda 2: Formação Docente no Contexto da Cibercultura (Edméa Santos, Teresa Lobo e Fátima Franco)';
    const r = verdict('Formação Docente no Contexto da Cibercultura', span, note('your talk "Formação Docente no Contexto da Cibercultura"'));
    expect(r.hardFails).toContain('unsupported_fact');
  });
  it('passes the same sessions named by their kind, and a talk called a talk', () => {
    expect(verdict('EventStorming Masterclass', 'EventStorming Masterclass', note('your masterclass "EventStorming Masterclass"')).hardFails).not.toContain(
      'unsupported_fact',
    );
    const span = 'Palestra 1: Formação Docente no Contexto da Cibercultura';
    expect(
      verdict('Formação Docente no Contexto da Cibercultura', span, note('your talk "Formação Docente no Contexto da Cibercultura"')).hardFails,
    ).not.toContain('unsupported_fact');
  });
});

describe('a session the page gives several people, or calls a panel, called a talk', () => {
  it('flags "your talk" for a title the record holds as a shared session or a panel', () => {
    const r = verdict('Underrepresented in STEM', 'Underrepresented in STEM', note('your talk "Underrepresented in STEM"'), 'session');
    expect(r.hardFails).toContain('unsupported_fact');
    expect(r.reasons.join(' ')).toMatch(/a session the page gives several people/);
    expect(verdict('Hiring Across Time Zones', 'Hiring Across Time Zones', note('your talk "Hiring Across Time Zones"'), 'panel').hardFails).toContain(
      'unsupported_fact',
    );
  });
  it('passes the session named as one, and the same title held as a talk', () => {
    expect(verdict('Underrepresented in STEM', 'Underrepresented in STEM', note('the session "Underrepresented in STEM"'), 'session').hardFails).not.toContain(
      'unsupported_fact',
    );
    expect(verdict('Underrepresented in STEM', 'Underrepresented in STEM', note('your talk "Underrepresented in STEM"')).hardFails).not.toContain(
      'unsupported_fact',
    );
  });
});

/**
 * A session the page gives as a round table or a workshop is no talk of one person: its kind
 * travels with it (talks[].kind), so a draft never says "your talk". Read from a count before
 * the title ("Mesa Redonda 2: …") or from the heading that opens the title's section
 * ("Workshops"); a section that names talks too ("Panels & Talks") gives no kind. The page is
 * served on loopback and read through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture } from './loopback-pages.js';

describe('the kind of a session', () => {
  it('is read from a numbered kind before the title and from the section heading', async () => {
    const out = await extractFixture('session-kinds.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => [t.title, t.kind ?? null])])).toEqual([
      ['Ingrid Solberg', [['Tracing a Slow Checkout', null]]],
      ['Teresa Lobo', [['Formação de Equipas Remotas', 'panel']]],
      ['Malik Haddad', [['Building Event-Driven Services by Hand', 'workshop']]],
      ['Piet Maas', [['EventStorming Masterclass', 'workshop']]],
      ['Aoife Kelly', [['Shipping on Fridays', null]]],
    ]);
  });
});

describe('cards with the talk in a slot of its own', () => {
  it('read a badge in capitals before the title as its kind, and a quoted sentence under it as no talk', async () => {
    const out = await extractFixture('cards-badge-quoted-bio.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => [t.title, t.kind ?? null])])).toEqual([
      ['Wren Ashdown', null, [['Python para exploradores', null]]],
      ['Colm Farrelly', null, [['Python para exploradores', null]]],
      ['Ines Okafor', 'Quillstone', [['Ataques de caja negra contra modelos de lenguaje', null]]],
      ['Tomas Brekke', 'Kelpware', [['Desplegando aplicaciones con Flask en contenedores', null]]],
      ['Amara Lindqvist', null, [['Controlando sensores con Python y una placa', 'workshop']]],
      ['Jonas Feldmann', null, [['Iniciación a Python!', null]]],
    ]);
  });
});

describe('a schedule table whose first row names its part', () => {
  it('reads "Tutorials - Day 1" over the rooms as the kind of the sessions below it, and "Talks" as none', async () => {
    const out = await extractFixture('table-kind-rows.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => [t.title, t.kind ?? null])])).toEqual([
      ['Ingrid Solberg', [['Typed Data Pipelines from Scratch', 'tutorial']]],
      ['Malik Haddad', [['Profiling Python Services', 'tutorial']]],
      ['Teresa Lobo', [['Maps with GeoPandas', 'tutorial']]],
      ['Piet Maas', [['Async IO in Practice', 'tutorial']]],
      ['Aoife Kelly', [['Building APIs with FastAPI', 'tutorial']]],
      ['Colm Farrelly', [['Property-Based Testing', 'tutorial']]],
      ['Wren Ashdown', [['Caching Without Tears', null]]],
      ['Ines Okafor', [['Queues at Scale', null]]],
      ['Tomas Brekke', [['Observing a Monolith', null]]],
    ]);
  });
});

/**
 * Extraction on the tune half of the outside set (bench/extraction-outside/labels.json),
 * each page read from its repository mirror, served on loopback and read through the
 * guarded fetch and the dispatcher. Only tune pages are read here; the held half is
 * for the bench's summary alone. Without the mirrors the suite says it skipped.
 *
 * The floors hold the classes these pages brought in: a "read more" link in the page's
 * language (devday), timetable tiles with the title above the speakers (GoCon,
 * hkoscon), an organisation and a country in one meta line and several speakers in one
 * tile (hkoscon), cards opening a modal with the role line and profile (gugcz), and from the
 * 2026-11-26 round an affiliation column under keynote cards of other markup (scipy), a Hangul
 * timetable (caucon) and session headings under bios (govau); and from the pages released from the
 * held half, agenda rows opening with their time (kochi), a programme of sibling time, title and
 * speaker blocks (esnog), and organisation lines in columns and on lines of their own (dmlw, vega, venezia);
 * and from the 2026-11-28 round links to a talk's material and a talk about a team (nzjs), a meetup list
 * opening with dates beside a venue column (azure), a hidden copy of a session link (qcrypt), screen-reader
 * labels and the employer before the roles (bsidesams), and a time-and-room box (divf); and from the
 * 2026-11-29 round one-line session forms ("Kind (Name): Title", "Title, por Name.", "Title; Names") and
 * "Name (Role, Organisation)" lines under a title row (geo4lib, twc, opencloud), a labelled presenter
 * field with handles (drupalno), and the organisation bracketed after the names in a table cell (jornadas);
 * and from the 2026-11-30 round a one-word name over a classed employer line (devopsfsa), "Title<br> at the University
 * of X in Town" (hcai), a list of "Name (Affiliation)" over "Title of/for/at X" profiles (litcon) and
 * "Title for X" beside "Title, X" (sassconf).
 */
import { describe, expect, it } from 'vitest';
import { evaluateOutside, outsideHalf, outsidePresent, type OutsideScore } from '../../bench/extraction-outside.js';

const PAGES = {
  devday: 'devday/devday.github.com:2018/speakers/index.html',
  gocon: 'GoCon/2023:timetable/index.html',
  hkoscon: '404busters/hkoscon-2019:timetable/index.html',
  gugcz: 'gugcz/devfest-website:public/speakers/index.html',
  scipy: 'scipy-latinamerica/scipylatam-webpage-2019:ponentes/index.html',
  caucon: 'GDSC-CAU/CAUCON:timetable/index.html',
  govau: 'govau/digital-summit-2020:dist/speakers/index.html',
  kochi: 'awsugkochi/acdkochi24:public/agenda/index.html',
  esnog: 'ESNOG/gore-34:public/agenda/index.html',
  dmlw: 'AI-secure/DMLW2022:speakers.html',
  vega: 'Vega-forum/Vega-forum-2021:intervenants.html',
  venezia: 'GDG-Venezia/devfest23:speakers/index.html',
  aiconf: 'AIConf/aiconf.github.io:schedule.html',
  nzjs: 'JavaScript-NZ/nzjscon-website:public/2017/schedule/index.html',
  azure: 'AzureCloudNorway/azurecloud.no:docs/schedule/index.html',
  qcrypt: 'QCrypt/website-2023:public/speakers/index.html',
  bsidesams: 'bsidesams/bsides-2026-website:public/speakers/index.html',
  divf: 'Division-F-Conference/2025:public/speakers/index.html',
  geo4lib: 'geo4libcamp/geo4libcamp.github.io:_site/program/index.html',
  twc: 'HyperAgents/twc2019.hyperagents.org:_site/program/index.html',
  opencloud: 'softwareguru/opencloudday:docs/agenda/index.html',
  drupalno: 'drupalnorge/drupalcamp-2015:docs/program/index.html',
  jornadas: 'jornadas-estadistica/jornadas-estadistica.github.io:docs/program/index.html',
  devopsfsa: 'devfsa/devopsdays:palestrantes.html',
  hcai: 'hcai-ovgu/symposium2024:docs/speakers.html',
  litcon: 'SuffolkLITLab/LITCon:2019/speakers/index.html',
  sassconf: 'codingdesigner/sassconf-pl:build/speakers/index.html',
  interacting: 'pfaffelh/interacting-2025:sprecher.html',
};

describe.skipIf(!outsidePresent())('extraction on the outside tune pages', () => {
  let scores: OutsideScore[] = [];
  const page = (file: string): OutsideScore | undefined => scores.find((s) => s.file === file);

  it('reads the tune pages whose mirrors are here', async () => {
    ({ scores } = await evaluateOutside((name) => outsideHalf(name) === 'tune'));
    expect(scores.every((s) => s.half === 'tune')).toBe(true);
    // Some sixty pages, each served and read in turn: minutes when the other suites share the machine.
  }, 300_000);

  it('a "Leia mais" link closing each bio is no company', () => {
    const s = page(PAGES.devday);
    if (!s) return;
    expect(s.fields.company.wrong).toBeLessThanOrEqual(3);
  });

  it('timetable tiles: the line above the speakers is the talk; organisation without the country; every speaker of a tile', () => {
    const gocon = page(PAGES.gocon);
    if (gocon) expect(gocon.fields.talk.right).toBeGreaterThanOrEqual(22);
    const hk = page(PAGES.hkoscon);
    if (!hk) return;
    // "R Short Talk: ", "Unconference: ": a session kind labelling the title is no part of it.
    expect(hk.fields.talk.right).toBeGreaterThanOrEqual(39);
    expect(hk.fields.company.right).toBeGreaterThanOrEqual(34);
    expect(hk.matched / hk.labelled).toBeGreaterThanOrEqual(0.97);
    // A place line ("Hong Kong", "Tencent China") is never taken for the name of a card whose name scores low.
    expect(hk.matched / hk.extracted).toBeGreaterThanOrEqual(0.97);
  });

  it("cards opening a modal: the modal's role line, its LinkedIn, the card's line as the talk", () => {
    const s = page(PAGES.gugcz);
    if (!s) return;
    // The modal's headings ("O Milanovi") are read with the card, never as more people; "CEO v Firma" is Czech for "CEO at".
    expect(s.matched / s.extracted).toBeGreaterThanOrEqual(0.99);
    expect(s.fields.title.right).toBeGreaterThanOrEqual(21);
    expect(s.fields.linkedin.right).toBeGreaterThanOrEqual(12);
    // Cards with no modal take the talk from the slot the modals showed to be the talk.
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(30);
  });
});

describe.skipIf(!outsidePresent())('extraction on the outside tune pages of the 2026-11-26 round', () => {
  let scores: OutsideScore[] = [];
  const page = (file: string): OutsideScore | undefined => scores.find((s) => s.file === file);

  it("reads the round's tune pages whose mirrors are here", async () => {
    const files = new Set([PAGES.scipy, PAGES.caucon, PAGES.govau]);
    ({ scores } = await evaluateOutside((name) => files.has(name) && outsideHalf(name) === 'tune'));
    expect(scores.every((s) => s.half === 'tune')).toBe(true);
    // Some sixty pages, each served and read in turn: minutes when the other suites share the machine.
  }, 300_000);

  it('an affiliation column: each line naming one organisation is the company; keynote cards of other markup are read too', () => {
    const s = page(PAGES.scipy);
    if (!s) return;
    expect(s.matched / s.labelled).toBeGreaterThanOrEqual(1);
    expect(s.fields.company.right).toBeGreaterThanOrEqual(31);
    expect(s.fields.linkedin.right).toBeGreaterThanOrEqual(36);
  });

  it("a Hangul timetable: the row's line above the presenter is the talk, the Latin word after the name is no part of it", () => {
    const s = page(PAGES.caucon);
    if (!s) return;
    expect(s.matched / s.labelled).toBeGreaterThanOrEqual(1);
    expect(s.matched / s.extracted).toBeGreaterThanOrEqual(1);
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(7);
  });

  it("a session heading under the bio is the card's talk", () => {
    const s = page(PAGES.govau);
    if (!s) return;
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(2);
    expect(s.fields.company.right).toBeGreaterThanOrEqual(8);
  });
});

describe.skipIf(!outsidePresent())('extraction on the outside pages released to the tune half', () => {
  let scores: OutsideScore[] = [];
  const page = (file: string): OutsideScore | undefined => scores.find((s) => s.file === file);

  it('reads the released pages whose mirrors are here', async () => {
    const files = new Set([PAGES.kochi, PAGES.esnog, PAGES.dmlw, PAGES.vega, PAGES.venezia, PAGES.aiconf]);
    ({ scores } = await evaluateOutside((name) => files.has(name) && outsideHalf(name) === 'tune'));
    expect(scores.every((s) => s.half === 'tune')).toBe(true);
    // Some sixty pages, each served and read in turn: minutes when the other suites share the machine.
  }, 300_000);

  it("agenda rows that open with their time: the line above the speaker is the talk, the linked name's trailing text the role, two linked speakers two people", () => {
    const s = page(PAGES.kochi);
    if (!s) return;
    expect(s.matched / s.labelled).toBeGreaterThanOrEqual(1);
    expect(s.matched / s.extracted).toBeGreaterThanOrEqual(1);
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(30);
    expect(s.fields.title.right).toBeGreaterThanOrEqual(28);
    expect(s.fields.company.right).toBeGreaterThanOrEqual(25);
    expect(s.fields.linkedin.right).toBeGreaterThanOrEqual(29);
  });

  it('a programme of time, title and speaker block: the title under the time is the talk; "ORG (url)" is the company', () => {
    const s = page(PAGES.esnog);
    if (!s) return;
    expect(s.matched / s.extracted).toBeGreaterThanOrEqual(1);
    expect(s.matched).toBeGreaterThanOrEqual(9);
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(9);
    expect(s.fields.company.right).toBeGreaterThanOrEqual(7);
  });

  it('a schedule column: the unlinked speaker of a cell shaped like the linked ones is read, "demo" is no talk', () => {
    const s = page(PAGES.aiconf);
    if (!s) return;
    expect(s.matched / s.labelled).toBeGreaterThanOrEqual(1);
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(6);
    expect(s.fields.talk.wrong).toBe(0);
  });

  it('organisation lines: a web name in the column, roles on lines over an organisation, a wrapped role phrase, an honour after a bar', () => {
    const dmlw = page(PAGES.dmlw);
    if (dmlw) expect(dmlw.fields.company.right).toBeGreaterThanOrEqual(9);
    const vega = page(PAGES.vega);
    if (vega) {
      expect(vega.fields.talk.wrong).toBe(0);
      expect(vega.fields.title.right).toBeGreaterThanOrEqual(6);
      expect(vega.fields.company.right).toBeGreaterThanOrEqual(4);
    }
    const venezia = page(PAGES.venezia);
    if (venezia) {
      expect(venezia.fields.title.right).toBeGreaterThanOrEqual(23);
      expect(venezia.fields.company.right).toBeGreaterThanOrEqual(20);
    }
  });
});

describe.skipIf(!outsidePresent())('extraction on the outside tune pages of the 2026-11-28 round', () => {
  let scores: OutsideScore[] = [];
  const page = (file: string): OutsideScore | undefined => scores.find((s) => s.file === file);

  it("reads the round's tune pages whose mirrors are here", async () => {
    const files = new Set([PAGES.nzjs, PAGES.azure, PAGES.qcrypt, PAGES.bsidesams, PAGES.divf]);
    ({ scores } = await evaluateOutside((name) => files.has(name) && outsideHalf(name) === 'tune'));
    expect(scores.every((s) => s.half === 'tune')).toBe(true);
    // Some sixty pages, each served and read in turn: minutes when the other suites share the machine.
  }, 300_000);

  it('a schedule table: "Watch video" is no employer, "Behaviour & Your Team" is a talk', () => {
    const s = page(PAGES.nzjs);
    if (!s) return;
    expect(s.fields.company.wrong).toBe(0);
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(36);
  });

  it('a meetup list: the date opening the row is no talk, the host group in the venue column no employer', () => {
    const s = page(PAGES.azure);
    if (!s) return;
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(5);
    expect(s.fields.company.wrong).toBe(0);
  });

  it('a hidden copy of the session link is no talk; screen-reader labels are no role line', () => {
    const q = page(PAGES.qcrypt);
    if (q) expect(q.fields.talk.wrong).toBe(0);
    const b = page(PAGES.bsidesams);
    if (!b) return;
    expect(b.fields.company.wrong).toBe(0);
    expect(b.fields.title.right).toBeGreaterThanOrEqual(23);
    expect(b.fields.company.right).toBeGreaterThanOrEqual(18);
    expect(b.fields.linkedin.right).toBeGreaterThanOrEqual(25);
  });

  it("the room in the slot's time box is no talk", () => {
    const s = page(PAGES.divf);
    if (!s) return;
    expect(s.fields.talk.right).toBeGreaterThanOrEqual(6);
    expect(s.fields.talk.wrong).toBe(0);
  });
});

describe.skipIf(!outsidePresent())('extraction on the outside tune pages of the 2026-11-29 round', () => {
  let scores: OutsideScore[] = [];
  const page = (file: string): OutsideScore | undefined => scores.find((s) => s.file === file);

  it("reads the round's tune pages whose mirrors are here", async () => {
    const files = new Set([PAGES.geo4lib, PAGES.twc, PAGES.opencloud, PAGES.drupalno, PAGES.jornadas]);
    ({ scores } = await evaluateOutside((name) => files.has(name) && outsideHalf(name) === 'tune'));
    expect(scores.every((s) => s.half === 'tune')).toBe(true);
    // Some sixty pages, each served and read in turn: minutes when the other suites share the machine.
  }, 300_000);

  it('one-line session forms and speaker lines under a title row name every speaker with their talk', () => {
    for (const [key, talks] of [
      ['geo4lib', 10],
      ['twc', 5],
      ['opencloud', 3],
    ] as const) {
      const s = page(PAGES[key]);
      if (!s) continue;
      expect(s.matched).toBe(s.labelled);
      expect(s.matched).toBe(s.extracted);
      expect(s.fields.talk.right).toBeGreaterThanOrEqual(talks);
    }
    const g = page(PAGES.geo4lib);
    if (g) expect(g.fields.company.right).toBe(3);
  });

  it("a labelled presenter field names the session's speaker; a bracket after the names is their organisation", () => {
    const d = page(PAGES.drupalno);
    if (d) expect([d.matched, d.extracted, d.fields.talk.right]).toEqual([11, 11, 10]);
    const j = page(PAGES.jornadas);
    if (!j) return;
    expect(j.fields.company.right).toBeGreaterThanOrEqual(11);
    expect(j.fields.talk.right).toBe(13);
  });

  it('a one-word name over a line classed "position": every person with the employer and the profile', () => {
    const s = page(PAGES.devopsfsa);
    if (!s) return;
    expect(s.matched).toBe(9);
    expect(s.fields.company.right).toBe(9);
    expect(s.fields.linkedin.right).toBe(9);
  });

  it('"Title<br> at the University of X in Town": the university alone is the company', () => {
    const s = page(PAGES.hcai);
    if (!s) return;
    expect(s.fields.company.right).toBe(5);
    expect(s.fields.company.wrong).toBe(0);
  });

  it('a list of "Name (Affiliation)" is no agenda; "Title of/for X" profiles give the employer', () => {
    const l = page(PAGES.litcon);
    if (l) {
      expect(l.matched).toBeGreaterThanOrEqual(31);
      expect(l.fields.title.right).toBeGreaterThanOrEqual(22);
      expect(l.fields.company.right).toBeGreaterThanOrEqual(23);
    }
    const c = page(PAGES.sassconf);
    if (c) expect(c.fields.company.right).toBeGreaterThanOrEqual(15);
  });

  it('a list of "Name (TU Darmstadt)" is people with their organisation, not talks titled with names', () => {
    const s = page(PAGES.interacting);
    if (!s) return;
    expect([s.matched, s.extracted]).toEqual([39, 39]);
    expect(s.fields.company.right).toBeGreaterThanOrEqual(38);
  });
});

describe.skipIf(outsidePresent())('extraction on the outside tune pages', () => {
  it('is skipped: bench/extraction-outside/labels.json is missing', () => {
    console.log('[accuracy-outside] skipped: no outside labels');
  });
});

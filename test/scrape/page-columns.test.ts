/**
 * Classes of pages met in the outside round of 2026-11-26, each written here as a small whole
 * page with fictional people and read through the guarded fetch and the dispatcher: a card
 * grid whose only line under the name is the affiliation (some lines listing several
 * organisations) below keynote cards of other markup, a timetable of rows "Title |" then
 * "Name Organisation" in Hangul, cards that add a session heading under the bio, links to
 * "/sessions/#id" anchors, and a handle named by its tile's picture.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml, fieldsByName } from './loopback-pages.js';

const page = (body: string): string =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Conferencia</title></head><body><nav><a href="/">Inicio</a> <a href="/ponentes/">Ponentes</a></nav>${body}<footer>© Conferencia</footer></body></html>`;

describe('cards whose one line under the name is the affiliation', () => {
  it('each line is the company (a team with a name of its own too), unless it lists several organisations or speaks of oneself; a country line above the name is none; keynote cards in other markup linking to the same folder are read too', async () => {
    const card = (name: string, line: string, country: string) =>
      `<div class="person__card"><img src="/p/${name.length}.jpg" alt="Foto: ${name}"><span class="person__card-country">${country}</span><span class="person__card-name"><a href="/ponentes/${name.length}/">${name}</a></span><span class="person__card-line">${line}</span><ul class="links"><li><a href="https://twitter.com/x${name.length}">t</a></li></ul></div>`;
    const people: Array<[string, string]> = [
      ['Lucía Herrera', 'Quillstone'],
      ['Mateo Salgado', 'Universidad del Sur'],
      ['Valentina Ríos', 'Kelpware Labs'],
      ['Andrés Pardo', 'Fjordpay / Universidad del Valle'],
      ['Camila Restrepo', 'Tessellate'],
      ['Diego Ortega', 'INVEMA. CONADI. Grupo Andino.'],
      ['Sofía Lozano', 'Lumenworks'],
      ['Tomás Quintero', 'Brightwater Analytics'],
      ['Paula Cárdenas', 'Instituto Nacional de Datos'],
      ['Julián Mejía', 'Universidad Central/Cobalt'],
      ['Renzo Bravo', 'Humanitarian Mapping Team'],
      ['Lina Duarte', 'Soy una mente curiosa.'],
    ];
    const keynote = (name: string, about: string, org: string) =>
      `<div class="keynote__card"><div class="keynote__card-photo"><a href="/ponentes/k${name.length}/"><img src="/k/${name.length}.jpg" alt="Foto: ${name}"></a></div><span class="keynote__card-country">PERÚ</span><span class="keynote__card-name"><a href="/ponentes/k${name.length}/">${name.toUpperCase()}</a></span><span class="keynote__card-description">${about}</span><span class="keynote__card-company">${org}</span></div>`;
    const keynotes = [
      keynote('Renata Paz', 'Fundadora de proyectos de datos abiertos en la región andina y autora de varias bibliotecas.', 'BRIGHTWATER'),
      keynote('Esteban Vidal', 'Investigador en visión por computador aplicada a la agricultura de precisión.', 'QUILLSTONE, INC'),
      keynote('Marina Soto', 'Desarrolladora principal de herramientas de análisis. Mantiene bibliotecas para la comunidad científica.', 'TESSELLATE'),
    ].join('');
    const out = await extractHtml(
      page(
        `<h1>Ponentes invitados</h1><div class="keynotes">${keynotes}</div><h1>Ponentes</h1><div class="grid">${people.map(([n, l]) => card(n, l, 'COLOMBIA')).join('')}</div>`,
      ),
    );
    expect(fieldsByName(out)).toEqual({
      'Renata Paz': [null, 'BRIGHTWATER', null],
      'Esteban Vidal': [null, 'QUILLSTONE, INC', null],
      'Marina Soto': [null, 'TESSELLATE', null],
      'Lucía Herrera': [null, 'Quillstone', null],
      'Mateo Salgado': [null, 'Universidad del Sur', null],
      'Valentina Ríos': [null, 'Kelpware Labs', null],
      'Andrés Pardo': [null, null, null],
      'Camila Restrepo': [null, 'Tessellate', null],
      'Diego Ortega': [null, null, null],
      'Sofía Lozano': [null, 'Lumenworks', null],
      'Tomás Quintero': [null, 'Brightwater Analytics', null],
      'Paula Cárdenas': [null, 'Instituto Nacional de Datos', null],
      'Julián Mejía': [null, null, null],
      'Renzo Bravo': [null, 'Humanitarian Mapping Team', null],
      'Lina Duarte': [null, null, null],
    });
  });
});

describe('a timetable of rows, the title above "Name Organisation" in Hangul', () => {
  it('the line above the presenter is the talk; the Latin word after the name is no part of it; a badge is no company; a break is no person', async () => {
    const row = (title: string, presenter: string, time: string) =>
      `<div class="session"><div class="flex flex-row"><div class="title">${title} |</div> <div class="spacer-10"></div> <div class="presenter">${presenter}</div></div> <div class="time">${time}</div></div><div class="divider"></div>`;
    const rows = [
      row('신입 개발자를 위한 커리어 이야기', '이서준 Quillstone', '14:00~14:20'),
      row('동아리 한 해 활동 보고', '박지민 Member', '14:20~14:35'),
      row('중고 교재 거래 서비스 개발기', '최유나 Member', '14:35~14:50'),
      `<div class="session"><div class="flex flex-row">쉬는 시간</div> <div class="time">14:50~15:05</div></div><div class="divider"></div>`,
      row('캠퍼스 길찾기 앱 개발기', '정하늘 Member', '15:05~15:20'),
      row('스터디 매칭 플랫폼 개발기', '한도윤 Member', '15:20~15:35'),
    ].join(' ');
    const out = await extractHtml(page(`<h1>Timetable</h1><div class="timetable">${rows}</div>`));
    expect(fieldsByName(out)).toEqual({
      이서준: [null, 'Quillstone', '신입 개발자를 위한 커리어 이야기'],
      박지민: [null, null, '동아리 한 해 활동 보고'],
      최유나: [null, null, '중고 교재 거래 서비스 개발기'],
      정하늘: [null, null, '캠퍼스 길찾기 앱 개발기'],
      한도윤: [null, null, '스터디 매칭 플랫폼 개발기'],
    });
  });
});

describe('cards that add a session under the bio as a heading with its abstract', () => {
  it('that heading is the talk of its card; an "About" heading and cards without one give none', async () => {
    const bio = (first: string) =>
      `<p>${first} has led digital services for more than fifteen years across agencies large and small, with a focus on how people actually use what government builds and on teams that ship in small steps.</p>`;
    const abstract =
      '<p>Services built together with the people who use them hold up better when the ground shifts. This talk walks through three projects that changed course halfway and what the teams kept from each of them.</p>';
    const card = (name: string, role: string, extra: string) =>
      `<div class="ds-cards__card"><img src="/img/${name.length}.jpg" alt="${name}"><h2 class="ds-cards__card-title">${name}</h2><p class="ds-cards__card-intro">${role}</p><div class="ds-cards__card-text">${bio(name.split(' ')[0] as string)}${extra}</div></div>`;
    const out = await extractHtml(
      page(
        `<h1>Speakers</h1><div class="ds-cards">${[
          card('Nadia Fenwick', 'CEO, Quillstone Agency', ''),
          card('Owen Trask', 'General Manager, Kelpware', `<h3>Can we co-design our way out of this?</h3>${abstract}`),
          card('Priya Castell', 'Government Editor, Brightwater Review', `<h3>Service 5.0</h3>${abstract}`),
          card('Lars Holm', 'Commissioner, Fjordpay Commission', `<h3>About</h3>${abstract}`),
          card('Mei Larkin', 'Managing Director, Tessellate', ''),
        ].join('')}</div>`,
      ),
    );
    expect(fieldsByName(out)).toEqual({
      'Nadia Fenwick': ['CEO', 'Quillstone Agency', null],
      'Owen Trask': ['General Manager', 'Kelpware', 'Can we co-design our way out of this?'],
      'Priya Castell': ['Government Editor', 'Brightwater Review', 'Service 5.0'],
      'Lars Holm': ['Commissioner', 'Fjordpay Commission', null],
      'Mei Larkin': ['Managing Director', 'Tessellate', null],
    });
  });
});

describe('speaker sections linking each session to its anchor on the sessions page', () => {
  it('a link to "/sessions/#id" is the talk, whatever its title reads like', async () => {
    const section = (name: string, role: string, session: [number, string]) =>
      `<h3>${name}</h3><h4>${role}</h4><p><a href="https://twitter.com/p${name.length}">@p${name.length}</a></p><p>${name.split(' ')[0]} has built web applications for small firms and non-profits for many years and speaks at local user groups.</p><h4>${name.split(' ')[0]}'s Sessions</h4><ul><li><a href="/sessions/#${session[0]}">${session[1]} </a></li></ul>`;
    const out = await extractHtml(
      page(
        `<main><h1>Speakers</h1>${[
          section('Rowan Pike', 'Senior Developer at Quillstone', [41, 'For the Newcomers! Leveling Up Your Queries']),
          section('Ada Brennan', 'Architect at Kelpware', [42, 'Developer’s Guide to Static Sites']),
          section('Tobin Marsh', 'CTO at Fjordpay', [43, 'Shipping on Fridays']),
        ].join('')}</main>`,
      ),
    );
    expect(fieldsByName(out)).toEqual({
      'Rowan Pike': ['Senior Developer', 'Quillstone', 'For the Newcomers! Leveling Up Your Queries'],
      'Ada Brennan': ['Architect', 'Kelpware', 'Developer’s Guide to Static Sites'],
      'Tobin Marsh': ['CTO', 'Fjordpay', 'Shipping on Fridays'],
    });
  });
});

describe('a handle in the name slot of a tile whose picture is "<handle>\'s icon"', () => {
  it('the lower-case handle is the person, kept as written', async () => {
    const who = (name: string) =>
      `<div class="who"><div class="icon"><img alt="${name}'s icon" src="/i/${name.length}.png"></div><span class="cap name">${name}</span><span class="cap kind">Short Talk(20min)</span></div>`;
    const tiles = [
      ['B1', 'Designing Retry Budgets', 'Haru Tanaka'],
      ['B2', '並行処理のテストを書く', 'kumo'],
      ['B3', 'Profiling Allocations Without Guesswork', 'Lena Brandt'],
      ['B4', 'Fuzzing Parsers for Fun', 'Tomas Berg'],
    ]
      .map(
        ([code, title, name]) =>
          `<div class="slot"><p class="time">10:00</p><a href="/sessions/${code}/"><div class="box"><div class="chip"><span class="code">${code}</span></div><p class="body">${title}</p>${who(name as string)}</div></a></div>`,
      )
      .join('');
    const out = await extractHtml(page(`<h2>2024.06.01</h2>${tiles}`));
    expect(fieldsByName(out)).toEqual({
      'Haru Tanaka': [null, null, 'Designing Retry Budgets'],
      kumo: [null, null, '並行処理のテストを書く'],
      'Lena Brandt': [null, null, 'Profiling Allocations Without Guesswork'],
      'Tomas Berg': [null, null, 'Fuzzing Parsers for Fun'],
    });
  });
});

/**
 * Classes of pages met outside the tuned set, each written here as a small whole page and read
 * through the guarded fetch and the dispatcher: timetable tiles (one link per session, the title
 * above the speaker), speaker meta lines of organisation and country, cards that open a modal
 * holding the role line, a "read more" link in the page's own language, and track badges.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml, fieldsByName } from './loopback-pages.js';

const page = (body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Conference</title></head><body><nav><a href="/">Home</a> <a href="/schedule/">Schedule</a></nav>${body}<footer>© Conference</footer></body></html>`;

describe('a timetable of session tiles, each one link', () => {
  const who = (name: string, kind: string) =>
    `<div class="who"><div class="icon"><img alt="${name}'s icon" src="/i/${name.length}.png"></div><span class="cap name">${name}</span><span class="cap kind">${kind}</span></div>`;

  it('the line above the speakers in the tile is the talk, in any script; each speaker unit is a person; the kind caption is none', async () => {
    const tiles = [
      ['A1', 'ストリーミング処理の設計と運用の知見', 'Haru Tanaka', 'Short Talk(20min)'],
      ['A2', 'Rethinking Error Trees in Practice', 'Mira Okafor', 'Long Talk(40min)'],
      ['A3', '型付きクエリビルダを自作した話', 'Kenji Morita', 'Short Talk(20min)'],
      ['A4', 'Profiling Allocations Without Guesswork', 'Lena Brandt', 'Short Talk(20min)'],
      ['A6', 'Tracing Requests Across Queues', 'Pia Lund', 'Short Talk(20min)'],
      ['A7', 'エラー処理を再考する', 'Sora Ikeda', 'Long Talk(40min)'],
      ['A8', 'Fuzzing Parsers for Fun', 'Tomas Berg', 'Short Talk(20min)'],
      ['A9', 'Generics in Game Logic', 'Uma Rossi', 'Short Talk(20min)'],
    ]
      .map(
        ([code, title, name, kind]) =>
          `<div class="slot"><p class="time">10:00</p><a href="/sessions/${code}/"><div class="box"><div class="chip"><span class="code">${code}</span></div><p class="body">${title}</p>${who(name, kind)}</div></a></div>`,
      )
      .join('');
    const pair = `<div class="slot"><p class="time">11:00</p><a href="/sessions/A5/"><div class="box"><div class="chip"><span class="code">A5</span></div><p class="body">Pairing on Flaky Tests</p>${who('Nils Arvid', 'Workshop(60min)')}${who('Oona Kask', 'Workshop(60min)')}</div></a></div>`;
    const out = await extractHtml(page(`<h2>2024.06.01</h2>${tiles}${pair}<div class="slot"><div class="break"><p>Lunch break</p><p>(60min)</p></div></div>`));
    expect(fieldsByName(out)).toEqual({
      'Haru Tanaka': [null, null, 'ストリーミング処理の設計と運用の知見'],
      'Mira Okafor': [null, null, 'Rethinking Error Trees in Practice'],
      'Kenji Morita': [null, null, '型付きクエリビルダを自作した話'],
      'Lena Brandt': [null, null, 'Profiling Allocations Without Guesswork'],
      'Pia Lund': [null, null, 'Tracing Requests Across Queues'],
      'Sora Ikeda': [null, null, 'エラー処理を再考する'],
      'Tomas Berg': [null, null, 'Fuzzing Parsers for Fun'],
      'Uma Rossi': [null, null, 'Generics in Game Logic'],
      'Nils Arvid': [null, null, 'Pairing on Flaky Tests'],
      'Oona Kask': [null, null, 'Pairing on Flaky Tests'],
    });
  });
});

describe('speaker units with a meta line of organisation and country', () => {
  it('the organisation is the company, the place is left off', async () => {
    const unit = (name: string, org: string, place: string) =>
      `<div class="eventItem__speaker"><div class="media"><div class="media-left"><figure class="image is-48x48"><img src="/p/${name.split(' ')[0]}.jpg"></figure></div> <div class="media-content eventItem__content"><p class="title eventItem__speaker__name">${name}</p> <p class="subtitle eventItem__speaker__meta"><span class="eventItem__speaker__info">${org}</span> <span class="eventItem__speaker__info">${place}</span></p></div></div></div>`;
    const people: Array<[string, string, string]> = [
      ['Ines Halvorsen', 'Fjordpay.io', 'Canada'],
      ['Tariq Osei', 'Kelpware Inc.', 'Taiwan'],
      ['Marit Quist', 'Quillstone Technologies', 'Hong Kong'],
      ['Joost van Dijk', 'Quillstone Technologies', 'Macau'],
      ['Amara Nwosu', 'Lumenworks Limited', 'Perth, Australia'],
      ['Selin Aydın', 'Tessellate Labs', 'Japan'],
      ['Rui Matos', 'HK01', 'Belgium'],
      ['Dario Conti', 'Solvi Bank', 'United States'],
      // A name that scores low (a weekday for a given name): the place under it is never taken for the name.
      ['Sunday Lam', 'Brightwater', 'Hong Kong'],
    ];
    const out = await extractHtml(page(`<h2>Speakers</h2><div class="speakers">${people.map(([n, o, p]) => unit(n, o, p)).join('')}</div>`));
    // The low-scoring name is left out rather than replaced by the place line under it.
    const named = people.filter(([n]) => n !== 'Sunday Lam');
    expect(Object.fromEntries(out.speakers.map((s) => [s.name, s.company]))).toEqual(Object.fromEntries(named.map(([n, o]) => [n, o])));
  });
});

describe('cards that open a modal with the role line', () => {
  it("the modal's line under the name is the role, its LinkedIn the profile; the card's line repeated over the abstract is the talk; track badges are no company", async () => {
    const people = [
      ['ada', 'Ada Lind', 'Tracing the Untraceable', 'Staff Engineer, Quillstone', 'Business', 'https://www.linkedin.com/in/adalind'],
      ['bo', 'Bo Berg', 'Lego4Teams', 'Scrum Master at Kelpware', 'Business', ''],
      ['cy', 'Cy Dunn', 'Terraform Modules That Last', 'Platform Lead @ Nordform', 'Development', 'https://cz.linkedin.com/pub/cy-dunn/42/571/523'],
      ['di', 'Di Eng', 'Forms Everyone Can Fill In', 'Accessibility Consultant', 'Development', ''],
      ['ed', 'Ed Fox', 'Shipping on Fridays', 'CTO, Lumenworks', 'Business', ''],
      ['fay', 'Fay Gill', 'Search on a Shoestring', 'Search Engineer at Fjordpay', 'Development', ''],
    ];
    const cards = people
      .map(
        ([id, name, talk, , track]) =>
          `<div class="cell speaker" data-toggle="modal" data-target="#${id}"><img src="/s/${id}.png"><h4>${name}</h4><h5>${talk}</h5><span class="label label-${track.toLowerCase()}">${track}</span></div>`,
      )
      .join('');
    const modals = people
      .map(
        ([id, name, talk, role, track, li]) =>
          `<div id="${id}" class="modal fade"><div class="modal-dialog"><div class="modal-header"><img src="/s/${id}.png"><div><h4 class="modal-title bold"><strong>${name}</strong></h4><h4 class="modal-title">${role}</h4><span class="label">${track}</span></div></div><div class="modal-body"><h4><strong>${talk}</strong></h4><p>What the session covers, in a few plain sentences that describe the talk for the people who come.</p><h4><strong>About ${name.split(' ')[0]}</strong></h4><p>${name.split(' ')[0]} has built software for many years and speaks at meetups about what went wrong and what went right.</p></div><div class="modal-footer">${li ? `<a href="${li}"><i class="fa fa-linkedin"></i></a>` : ''}<a href="https://twitter.com/${id}"><i class="fa fa-twitter"></i></a></div></div></div>`,
      )
      .join('');
    // Two cards open no modal: their line in the same slot is their talk too, "@" or not.
    const bare = [
      ['Gus Hale', 'Data Lakes @ Low Cost'],
      ['Ivo Jansen', 'Working With Legacy Code'],
    ]
      .map(
        ([name, talk]) =>
          `<div class="cell speaker"><img src="/s/x.png"><h4>${name}</h4><h5>${talk}</h5><span class="label label-business">Business</span></div>`,
      )
      .join('');
    const out = await extractHtml(page(`<h3>Speakers</h3><div class="grid">${cards}${bare}</div>${modals}`));
    expect(fieldsByName(out)).toEqual({
      'Ada Lind': ['Staff Engineer', 'Quillstone', 'Tracing the Untraceable'],
      'Bo Berg': ['Scrum Master', 'Kelpware', 'Lego4Teams'],
      'Cy Dunn': ['Platform Lead', 'Nordform', 'Terraform Modules That Last'],
      'Di Eng': ['Accessibility Consultant', null, 'Forms Everyone Can Fill In'],
      'Ed Fox': ['CTO', 'Lumenworks', 'Shipping on Fridays'],
      'Fay Gill': ['Search Engineer', 'Fjordpay', 'Search on a Shoestring'],
      'Gus Hale': [null, null, 'Data Lakes @ Low Cost'],
      'Ivo Jansen': [null, null, 'Working With Legacy Code'],
    });
    expect(out.speakers.find((s) => s.name === 'Ada Lind')?.linkedinUrl).toBe('https://www.linkedin.com/in/adalind');
    expect(out.speakers.find((s) => s.name === 'Cy Dunn')?.linkedinUrl).toContain('cy-dunn');
  });
});

describe('a "read more" link in the language of the page', () => {
  it('"Leia mais" and "Lire la suite" close a bio; they are no company', async () => {
    const cards = [
      ['Ana Souza', 'Testes de ponta a ponta', 'Leia mais'],
      ['Bruno Lima', 'Kubernetes na prática', 'Leia mais'],
      ['Clara Dias', 'Acessibilidade no iOS', 'Leia mais'],
      ['Denis Roy', 'Les données ouvertes', 'Lire la suite'],
    ]
      .map(
        ([name, talk, more]) =>
          `<div class="bio-list"><div class="speaker-title">${name}</div><div class="speaker-text strong"><p>Palestra: ${talk}</p></div><div class="speaker-text"><p>Desenvolve software há dez anos e gosta de ensinar o que aprendeu pelo caminho. <a href="/speakers/${name.split(' ')[0].toLowerCase()}">${more}</a></p></div></div>`,
      )
      .join('');
    const out = await extractHtml(page(`<h1>Palestrantes</h1>${cards}`));
    expect(fieldsByName(out)).toEqual({
      'Ana Souza': [null, null, 'Testes de ponta a ponta'],
      'Bruno Lima': [null, null, 'Kubernetes na prática'],
      'Clara Dias': [null, null, 'Acessibilidade no iOS'],
      'Denis Roy': [null, null, 'Les données ouvertes'],
    });
  });
});

/**
 * What a programme puts around its talks that is no talk and no person: the slot that opens or closes
 * the day ("Welcome address", "Closing words", "Velkommen ved …"), a bracket of logistics after a
 * title ("(limited seats ~25)", "(sold out)", "(room 3)"). Each page is written here, served on
 * loopback and read through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml } from './loopback-pages.js';

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Programme</title></head><body><nav><a href="/">Home</a></nav>${body}<footer>© Harbour Conference</footer></body></html>`;

const talksByName = (out: Awaited<ReturnType<typeof extractHtml>>): Record<string, string[]> =>
  Object.fromEntries(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)]));

describe('the slot that opens or closes the day', () => {
  it('is no talk of the person giving it, in a programme table', async () => {
    const row = (time: string, title: string, who: string) => `<tr><td>${time}</td><td>${title}</td><td>${who}</td></tr>`;
    const out = await extractHtml(
      page(
        `<h1>Programme</h1><table><tr><th>Time</th><th>Session</th><th>Speaker</th></tr>${[
          row('9.15 - 9.30', 'Welcome address', 'Professor Ingrid Solberg, Dean of Arts'),
          row('9.30 - 10.30', 'Pilgrim Roads of the North Sea', 'Dr Malik Haddad, Harbour University'),
          row('10.30 - 11.00', 'Morning tea', ''),
          row('11.00 - 12.00', 'Ritual and the Market Square', 'Dr Teresa Lobo, Kelp Institute'),
          row('16.00 - 16.15', 'Closing words', 'Dr Piet Maas, Harbour University'),
        ].join('')}</table>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Ingrid Solberg': [],
      'Malik Haddad': ['Pilgrim Roads of the North Sea'],
      'Teresa Lobo': ['Ritual and the Market Square'],
      'Piet Maas': [],
    });
  });

  it('given by someone named after it, is no talk either', async () => {
    const slot = (title: string, who: string) =>
      `<div class="session"><h2 class="title"><span>${title}</span></h2><div class="field"><label class="speaker">Speaker</label><a href="/users/${who.length}">${who}</a></div></div>`;
    const out = await extractHtml(
      page(
        `<h1>Program</h1>${[
          slot('Velkommen ved leder i foreningen, Aoife Kelly', 'aoifek'),
          slot('Caching without tears', 'wrenash'),
          slot('Migrating a monolith, one module at a time', 'colmf'),
        ].join('')}`,
      ),
    );
    expect(talksByName(out)).toEqual({
      aoifek: [],
      wrenash: ['Caching without tears'],
      colmf: ['Migrating a monolith, one module at a time'],
    });
  });
});

describe('a bracket of logistics after a title', () => {
  it('is left off the title: seats, a sold-out mark, a room; a bracket that is part of the title stays', async () => {
    const cell = (title: string, name: string) =>
      `<td><a href="https://archive.example.org/talks/#${encodeURIComponent(title)}">${title}</a> (<a href="https://archive.example.org/talks/#${encodeURIComponent(name)}">${name}</a>)</td>`;
    const out = await extractHtml(
      page(
        `<h2>Tuesday (Workshops)</h2><table><thead><tr><th>Time</th><th>Room A</th><th>Room B</th></tr></thead><tbody><tr><td>09:30</td>${cell(
          'Reversing radio firmware (limited seats ~25)',
          'Ines Okafor',
        )}${cell('Lock picking for beginners (sold out)', 'Tomas Brekke')}</tr><tr><td>13:30</td>${cell('Threat hunting with open data (room 3)', 'Amara Lindqvist')}${cell(
          'The (not so) quiet network',
          'Jonas Feldmann',
        )}</tr><tr><td>15:00</td>${cell('Fuzzing parsers in an afternoon', 'Wren Ashdown')}${cell('Writing detection rules together', 'Colm Farrelly')}</tr></tbody></table>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Ines Okafor': ['Reversing radio firmware'],
      'Tomas Brekke': ['Lock picking for beginners'],
      'Amara Lindqvist': ['Threat hunting with open data'],
      'Jonas Feldmann': ['The (not so) quiet network'],
      'Wren Ashdown': ['Fuzzing parsers in an afternoon'],
      'Colm Farrelly': ['Writing detection rules together'],
    });
  });
});

describe('blocks of the page in the markup of its speaker cards', () => {
  it('a tool the card says it is, a newsletter box, a contact footer and a credit line are no people', async () => {
    const card = (name: string, site: string, talk: string, bio: string) =>
      `<div class="row"><div class="col-lg-5 desc"><div class="photo"><img src="/img/${site}.jpg" alt="Ponente"></div></div><div class="col-lg-7 desc"><a href="https://${site}.example.org/"><h2 class="naranja">${name}</h2></a><div class="conferencia">${talk}</div><div><p>${bio}</p></div></div></div>`;
    const out = await extractHtml(
      page(
        `<div id="ponentes"><div class="container"><h1>Ponentes</h1>${[
          card('Lucía Herrera', 'lherrera', 'Letras para pantallas pequeñas', 'Diseñadora de tipos en Madrid.'),
          card('Mateo Salgado', 'msalgado', '-', 'Profesor de diseño editorial.'),
          card('Glifora', 'glifora', '-', 'Dibujar letras es difícil. Glifora es una herramienta online para crear tipografías a partir de parámetros.'),
          card('Valentina Ríos', 'vrios', 'Tipos de madera', 'Investiga imprentas antiguas.'),
          card('Andrés Pardo', 'apardo', 'Rótulos de la ciudad', 'Fotografía rótulos desde hace diez años.'),
        ].join('')}</div></div>` +
          `<div id="newsletter"><div class="container"><div class="row"><h3>No te pierdas nada</h3><div class="col-lg-6">Suscríbete y te contamos las novedades.</div></div></div></div>` +
          `<div id="pie"><div class="container"><div class="row"><h3>Contacto</h3><div class="col-lg-3"><a href="https://www.facebook.com/festival">Facebook</a><br><a href="https://twitter.com/festival">Twitter</a></div>` +
          `<div class="col-lg-3"><div class="pfooter">Descarga nuestro kit de prensa.</div><a href="https://files.example.org/prensa.zip">Kit de Prensa</a></div></div>` +
          `<div class="row"><div class="creditline">Made with ♥ by <a href="https://studio.example.org/">Sara Molina</a> for the festival.</div></div></div></div>`,
      ),
    );
    expect(out.speakers.map((s) => s.name)).toEqual(['Lucía Herrera', 'Mateo Salgado', 'Valentina Ríos', 'Andrés Pardo']);
  });
});

describe('an organisation heading above a speaker in a timed agenda', () => {
  it('is whom the speaker is there for, their company; their session is the heading above the slot times', async () => {
    const card = (name: string, line: string, about: string) =>
      `<div class="portfolio"><div class="portfolio-inner"><div class="portfolio-image"><img src="/img/${name.length}.jpg" alt="${name}"></div><div class="portfolio-content"><h4>${name}</h4><p>${line}</p><p>${about}</p></div></div></div>`;
    const out = await extractHtml(
      page(
        `<h1>Agenda</h1><hr><h3>10:00 - 10:30 CEST</h3><h4>Routing at the edge of the harbour</h4>${card(
          'Ingrid Solberg',
          '<a href="https://www.fjordnet.example/">FJORDNET (https://www.fjordnet.example)</a>',
          'Lo que aprendimos moviendo el tráfico de tres puertos a una red nueva.',
        )}<hr><h3>10:30 - 11:00 CEST</h3><h4>Measuring latency without lying</h4>${card(
          'Malik Haddad',
          '<a href="https://www.kelpware.example/">KELPWARE (https://www.kelpware.example)</a>',
          'Cómo medimos la latencia de extremo a extremo en una red regional.',
        )}<hr><h3>11:00 - 11:30 CEST</h3><h3>Exchange points</h3><p>Novedades de los puntos de intercambio del país (en orden alfabético).</p>` +
          `<h4>11:00 - 11:15 CEST</h4><h5>HARBOURIX</h5>${card('Teresa Lobo', '<a href="https://www.harbourix.example/es">Harbourix - www.harbourix.example</a>', '(Presentación en PDF)')}` +
          `<h4>11:15 - 11:30 CEST</h4><h5>KELPNET</h5>${card('Piet Maas', '<a href="https://www.kelpnet.example/es">KELPnet - www.kelpnet.example</a>', '(Presentación en PDF)')}<hr>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Ingrid Solberg': ['Routing at the edge of the harbour'],
      'Malik Haddad': ['Measuring latency without lying'],
      'Teresa Lobo': ['Exchange points'],
      'Piet Maas': ['Exchange points'],
    });
    expect(out.speakers.filter((s) => s.talks[0]?.title === 'Exchange points').map((s) => [s.name, s.company])).toEqual([
      ['Teresa Lobo', 'HARBOURIX'],
      ['Piet Maas', 'KELPNET'],
    ]);
  });
});

describe('a badge naming the person as a speaker, in another listing of them', () => {
  it('opens where they come from, never a session', async () => {
    const portrait = (name: string, affiliation: string) =>
      `<div class="portrait-wrapper"><a href="https://lab.example.org/members/${encodeURIComponent(name)}.html" class="portrait" aria-label="${name}"><img src="/img/${name.length}.png" class="portrait-image" alt="member portrait">\n  <span class="portrait-name">${name}</span>\n  <span class="portrait-description">Relatore</span>\n  <span class="portrait-affiliation">${affiliation}</span>\n</a></div>`;
    const people: Array<[string, string]> = [
      ['Lucia Ferrante', 'Università di Torino'],
      ['Matteo Salvi', 'Politecnico di Milano'],
      ['Giulia Roversi', 'Universidad de Málaga'],
      ['Anouk de Ruiter', 'Technische Universität Darmstadt and a text lab'],
    ];
    const out = await extractHtml(
      page(
        `<h1 id="relatori">Relatori</h1><div class="grid">${people.map(([n, a]) => portrait(n, a)).join('')}</div>` +
          `<h1 id="archivio">Archivio</h1><ul class="archive">${[
            ['Anouk de Ruiter', 'Technische Universität Darmstadt and a text lab'],
            ['Giulia Roversi', 'CdL in Lettere ...'],
          ]
            .map(
              ([n, a]) =>
                `<li><a href="https://lab.example.org/members/${encodeURIComponent(n)}.html">\n  <b>${n}</b>\n  <em>Relatore</em>\n  <small>${a}</small>\n</a></li>`,
            )
            .join('')}</ul>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Lucia Ferrante': [],
      'Matteo Salvi': [],
      'Giulia Roversi': [],
      'Anouk de Ruiter': [],
    });
  });
});

/**
 * Programmes as conference sites lay them out, each a whole page served on loopback and
 * read through the guarded fetch and the dispatcher: slots headed by their time alone,
 * the title on a line above a list of speakers; a grid of days with "Name: Title" cells;
 * the programme's own rows (breaks, ceremonies, the time column, the days) never people;
 * an agenda table whose session cells hold the title above the speaker.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, extractHtml, fieldsByName } from './loopback-pages.js';

describe('programmes whose slots carry only their time', () => {
  it('the line above the speakers is the talk; every item of the list is a speaker; break rows are no one', async () => {
    const out = await extractFixture('agenda-time-headed-slots.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, 'Fjordpay', 'Forecasting Harbour Traffic with Small Models'],
      'Tariq Osei': [null, 'Kelpware', 'Teaching Machine Learning to First-Year Students'],
      'Marit Quist': [null, 'Northmoor University', 'Teaching Machine Learning to First-Year Students'],
      'Dario Conti': [null, 'Solvi Bank', 'Where Language Models Still Fail'],
    });
  });
});

describe('a grid of days with "Name: Title" cells', () => {
  it('the text after a name ending in a colon is the talk, its material links left off; the header cells are no one', async () => {
    const out = await extractFixture('schedule-grid-day-columns.html');
    expect(fieldsByName(out)).toEqual({
      'Henrike Vos': [null, null, 'Ranking Functions from First Principles'],
      'Malik Haddad': [null, null, 'Evaluating Search Offline'],
      'Sunniva Berg': [null, null, 'Evaluating Search Offline'],
      'Olamide Farrow': [null, null, 'Query Understanding for Small Catalogues'],
      'Priya Natarajan': [null, null, 'Learning to Rank in Practice'],
      'Tomasz Wielgus': [null, null, 'Search Logs and What They Hide'],
      'Anouk de Ruiter': [null, null, 'Fairness in Ranked Lists'],
    });
  });
});

describe('an agenda of name, talk heading and abstract', () => {
  it('the heading under the name is the talk when an abstract follows; two names on lines of one heading are two people; lunch is no one', async () => {
    const out = await extractFixture('agenda-talk-headings.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, null, 'Session Theft: New Lures, Old Watering Holes'],
      'Tariq Osei': [null, null, 'Tabletop Exercises People Will Not Hide From'],
      'Marit Quist': [null, null, 'Governance as an Operating System'],
      'Dario Conti': [null, null, 'Governance as an Operating System'],
    });
  });
});

describe('an agenda table whose cells hold the title above the speaker', () => {
  it("each speaker of a session cell gets that cell's title, however it reads; the time, hall and break cells are no talk and no one", async () => {
    const out = await extractFixture('agenda-table-cells.html');
    expect(fieldsByName(out)).toEqual({
      'Henrike Vos': [null, null, 'Column Stores from First Principles'],
      'Malik Haddad': [null, null, 'Testing Data Contracts in Practice'],
      'Sunniva Berg': [null, null, 'Testing Data Contracts in Practice'],
      'Priya Natarajan': [null, null, 'Why Your Cache Lies to You'],
      'Tomasz Wielgus': [null, null, '-XX:+UseZGC'],
      'Anouk de Ruiter': [null, null, 'Streaming Joins at the Edge'],
      'Olamide Farrow': [null, null, 'Retrospectives That Change Something'],
    });
  });
});

describe('a programme of round tables written "Title (Name, Name e Name)" above the panellists\' bios', () => {
  it('the bracketed list is the panel: each panellist gets the title, a numbered kind left off; a bio after "Name:" is no talk; column headers are no one', async () => {
    const out = await extractFixture('programacao-mesas-minicursos.html');
    const fields = fieldsByName(out);
    expect(fields['Otávio Bastos Leal']).toEqual([null, null, 'Acessibilidade digital na escola']);
    expect(fields['Rute Carvalhal']).toEqual([null, null, 'Acessibilidade digital na escola']);
    expect(fields['Ana Beatriz Sarmento']).toEqual([null, null, 'Formação docente e cultura digital']);
    expect(fields['Davi Queiroz Falcão']).toEqual([null, null, 'Formação docente e cultura digital']);
    expect(Object.keys(fields)).not.toContain('Título do Minicurso');
    expect(Object.values(fields).map((f) => f[2])).not.toContain('e Nair Lopes');
  });
});

describe('a numbered session line above a block of speaker bios', () => {
  it('"Palestra 1: Title" right before the bio table is the talk of the person in it', async () => {
    const out = await extractFixture('programacao-mesas-minicursos.html');
    const fields = fieldsByName(out);
    expect(fields['Hélio Vasconcelos Prates']).toEqual([null, null, 'Aprender brincando com robôs de sucata']);
    expect(fields['Lia Montenegro Aguiar']).toEqual([null, null, 'Dados abertos na sala de aula']);
  });
});

describe('agenda rows that open with their time', () => {
  it('the last line above the speaker is the talk, a kind heading left out; a row that wraps the role line otherwise gives it all the same; two linked speakers on one line are two people', async () => {
    const out = await extractHtml(TIMED_ROWS);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Director and CEO', 'Fjordpay', 'Moving a Harbour Ledger Between Two Regions'],
      'Tariq Osei': ['Staff Engineer', 'Kelpware', 'Serverless Queues for Small Teams'],
      'Marit Quist': ['Data Engineer', 'Solvi Bank', 'Cost Dashboards Nobody Ignores'],
      'Dario Conti': ['Site Reliability Lead', 'Brightwater', 'Tracing Without Tears'],
      'Joost van Dijk': ['Cloud Architect', null, 'Moving Ledgers Without Downtime'],
      'Sunniva Berg': ['Technical Manager', null, 'Moving Ledgers Without Downtime'],
      'Priya Natarajan': ['Database Engineer', 'Larkspur Health', 'Schema Changes on a Busy Database'],
      'Tomasz Wielgus': ['Platform Engineer', 'Cobalt Systems', 'Cost Models for Event Streams'],
      'Anouk de Ruiter': ['Engineering Manager', 'Quillstone', 'Teaching Incident Reviews'],
      'Olamide Farrow': ['Principal Engineer', 'Northmoor Labs', 'Edge Caches in Practice'],
    });
    expect(out.speakers.find((s) => s.name === 'Sunniva Berg')?.linkedinUrl).toBe('https://www.linkedin.com/in/sunniva-berg');
  });
});

/** Rows of a one-track agenda: time column, then a kind heading over the title, or the title over a wrapped speaker line. */
const TIMED_ROWS = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Harbour Cloud Day – Agenda</title></head>
<body>
<section id="schedule">
  <h2>Agenda</h2>
  <div class="tab-pane" id="track-1">
    <div class="row slot">
      <div class="col-2"><time>08:00 - 09:00</time></div>
      <div class="col-10">
        <h4>Registration</h4>
        <p>Badge pickup at the front desk</p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>09:15 - 09:45</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/ines.jpg" alt="Keynote 1"></div>
        <h4>Keynote 1</h4>
        <p>Moving a Harbour Ledger Between Two Regions</p>
        <a href="https://www.linkedin.com/in/ines-halvorsen/">
          Ines Halvorsen</a> - Director and CEO, Fjordpay
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>09:45 - 10:15</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/tariq.jpg" alt="Tariq Osei"></div>
        <p class="stack">Serverless Queues for Small Teams
          <span class="by"> - <a href="https://www.linkedin.com/in/tariq-osei/">Tariq Osei</a> Staff Engineer, Kelpware</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>10:15 - 10:45</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/marit.jpg" alt="Marit Quist"></div>
        <p class="stack">Cost Dashboards Nobody Ignores
          <span class="by"> - <a href="https://www.linkedin.com/in/marit-quist/">Marit Quist</a> Data Engineer, Solvi Bank</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>11:00 - 11:30</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/dario.jpg" alt="Dario Conti"></div>
        <p class="stack">Tracing Without Tears
          <span class="by"> - <a href="https://www.linkedin.com/in/dario-conti/">Dario Conti</a> Site Reliability Lead, Brightwater</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>11:30 - 12:00</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/joost.jpg" alt="Sponsor Talk 1"></div>
        <div class="pic"><img src="img/sunniva.jpg" alt="Sponsor Talk 1"></div>
        <h4>Gold Sponsor - Stroomnet</h4>
        <p>Moving Ledgers Without Downtime</p>
        <a href="https://www.linkedin.com/in/joost-van-dijk/">Joost
          van Dijk</a>
        Cloud Architect &amp;
        <a href="https://www.linkedin.com/in/sunniva-berg/">Sunniva Berg</a>
        Technical Manager
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>14:00 - 14:30</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/priya-natarajan.jpg" alt="Priya Natarajan"></div>
        <p class="stack">Schema Changes on a Busy Database
          <span class="by"> - <a href="https://www.linkedin.com/in/priya-natarajan/">Priya Natarajan</a> Database Engineer, Larkspur Health</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>14:30 - 15:00</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/tomasz-wielgus.jpg" alt="Tomasz Wielgus"></div>
        <p class="stack">Cost Models for Event Streams
          <span class="by"> - <a href="https://www.linkedin.com/in/tomasz-wielgus/">Tomasz Wielgus</a> Platform Engineer, Cobalt Systems</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>15:00 - 15:30</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/anouk-de-ruiter.jpg" alt="Anouk de Ruiter"></div>
        <p class="stack">Teaching Incident Reviews
          <span class="by"> - <a href="https://www.linkedin.com/in/anouk-de-ruiter/">Anouk de Ruiter</a> Engineering Manager, Quillstone</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>15:30 - 16:00</time></div>
      <div class="col-10">
        <div class="pic"><img src="img/olamide-farrow.jpg" alt="Olamide Farrow"></div>
        <p class="stack">Edge Caches in Practice
          <span class="by"> - <a href="https://www.linkedin.com/in/olamide-farrow/">Olamide Farrow</a> Principal Engineer, Northmoor Labs</span>
        </p>
      </div>
    </div>
    <div class="row slot">
      <div class="col-2"><time>12:00 - 13:00</time></div>
      <div class="col-10">
        <h4>Lunch Break</h4>
        <p>Lunch and the sponsors' booths</p>
      </div>
    </div>
  </div>
</section>
</body>
</html>`;

describe('a programme written as a run of siblings: the time, the title, then the speaker block', () => {
  it('the title under the time is the talk; a name heading one rank lower is a speaker; the bracketed address leaves the organisation; dinner is no one', async () => {
    const out = await extractHtml(TIMED_BLOCKS);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, 'FJORDPAY', 'Cooling Racks for Model Training'],
      'Tariq Osei': [null, 'KELPWARE', 'Myths About Address Geolocation'],
      'Marit Quist': [null, null, 'Replacing the Router Your Provider Gave You'],
      'Dario Conti': [null, 'BRIGHTWATER', 'Open Source Routing at Scale'],
    });
  });
});

/** One block per slot: time heading, title heading, empty headings as spacing, then the speaker's block. */
const TIMED_BLOCKS = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Reunión 12 – Agenda</title></head>
<body>
<h2>Día 30 de octubre</h2>
<hr>
<h3>9:30 - 10:00 CEST</h3>
<h4>Registro y entrega de acreditaciones</h4>
<hr>
<h3>10:15 - 10:45 CEST</h3>
<h4>Cooling Racks for Model Training</h4>
<h1></h1>
<div class="block"><div class="inner">
  <div class="pic"><img src="/img/ines.jpg" alt="Ines Halvorsen"></div>
  <div class="content">
    <h4><strong>Ines Halvorsen</strong></h4>
    <h1></h1>
    <p><strong>FJORDPAY</strong> (<a href="https://fjordpay.example/">https://fjordpay.example/</a>)</p>
    <h1></h1>
    <p>Los centros de datos cambian deprisa, y conviene entender qué necesita uno moderno para entrenar modelos grandes.</p>
  </div>
</div></div>
<hr>
<h3>10:45 - 11:15 CEST</h3>
<h4>Myths About Address Geolocation</h4>
<h1></h1>
<div class="block"><div class="inner">
  <div class="pic"><img src="/img/tariq.jpg" alt="Tariq Osei"></div>
  <div class="content">
    <h4>Tariq Osei</h4>
    <h1></h1>
    <p><strong>KELPWARE</strong> (<a href="https://kelpware.example">https://kelpware.example</a>)</p>
    <h1></h1>
    <p>Descripcion de la charla por concretar</p>
  </div>
</div></div>
<hr>
<h3>11:45 - 12:15 CEST</h3>
<h4>Replacing the Router Your Provider Gave You</h4>
<h1></h1>
<div class="block"><div class="inner">
  <div class="pic"><img src="/img/marit.jpg" alt="Marit Quist"></div>
  <div class="content">
    <h4>Marit Quist</h4>
    <p><a href="https://marit.example/">https://marit.example/</a></p>
    <p><a href="https://video.example/c/marit">Canal de vídeo - @maritquist</a></p>
    <h1></h1>
    <p>En esta charla veremos cómo sustituir el router de la operadora y qué configuraciones básicas hacen falta.</p>
  </div>
</div></div>
<hr>
<h3>12:45 - 13:15 CEST</h3>
<h4>Open Source Routing at Scale</h4>
<h1></h1>
<div class="block"><div class="inner">
  <div class="pic"><img src="/img/dario.jpg" alt="Dario Conti"></div>
  <div class="content">
    <h5>Dario Conti</h5>
    <p><strong>BRIGHTWATER</strong> (<a href="https://brightwater.example/">https://brightwater.example/</a>)</p>
    <h1></h1>
    <p>The new release routes packets in user space; this talk shows the gains and what they cost.</p>
  </div>
</div></div>
<hr>
<h3>21:00 - 23:00 CEST</h3>
<div class="block"><div class="inner">
  <div class="pic"><img src="/img/dinner.jpg" alt="dinner"></div>
  <div class="content">
    <h4>Farewell Dinner</h4>
    <ul><li>Bring your badge.</li></ul>
  </div>
</div></div>
</body></html>`;

describe('a schedule whose type column names the kind of session', () => {
  it('"demo" is a kind, never a talk; a title still to be announced ("… TBC") gives none', async () => {
    const out = await extractHtml(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Schedule</title></head><body>
<section class="schedule"><h3>Friday</h3><table>
<tr><th>Start</th><th>End</th><th>Session Type</th><th>Description</th><th>Venue</th></tr>
<tr><td>10.15</td><td>10.30</td><td><span class="event-type type-talk">talk</span></td><td><a href="../speakers/ines-halvorsen">Ines Halvorsen</a> - <strong>Teaching With Small Models</strong></td><td>Main Hall</td></tr>
<tr><td>10.30</td><td>11.30</td><td><span class="event-type type-keynote">keynote</span></td><td><a href="../speakers/tariq-osei">Tariq Osei</a> - <strong>Classrooms and Their Data</strong></td><td>Main Hall</td></tr>
<tr><td>11.30</td><td>12.00</td><td><span class="event-type type-break">break</span></td><td><strong>Coffee and Exhibition</strong></td><td>Marquee</td></tr>
<tr><td>12.00</td><td>13.00</td><td><span class="event-type type-demo">demo</span></td><td><a href="../speakers/marit-quist">Marit Quist</a> - <strong>Kelpware Labs + others TBC</strong></td><td>Main Hall</td></tr>
<tr><td>14.30</td><td>15.30</td><td><span class="event-type type-talk">talk</span></td><td><a href="../speakers/dario-conti">Dario Conti</a> - <strong>Marking Essays by Machine</strong></td><td>Main Hall</td></tr>
</table></section></body></html>`);
    expect(out.speakers.find((s) => s.name === 'Marit Quist')?.talks).toEqual([]);
    expect(out.speakers.find((s) => s.name === 'Dario Conti')?.talks[0]?.title).toBe('Marking Essays by Machine');
  });
});

describe('a schedule column of linked speakers with one speaker unlinked', () => {
  it('"Name - <strong>Title</strong>" in a cell of that column is a speaker with that talk; service rows are no one', async () => {
    const out = await extractHtml(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Schedule</title></head><body>
<section class="schedule"><h3>Friday</h3><table>
<tr><th>Start</th><th>End</th><th>Description</th><th>Venue</th></tr>
<tr><td>09.00</td><td>10.00</td><td>Coffee and Registration</td><td>Foyer</td></tr>
<tr><td>10.00</td><td>10.15</td><td>Ines Halvorsen - <strong>Welcome to the Day</strong></td><td>Main Hall</td></tr>
<tr><td>10.15</td><td>10.30</td><td><a href="../speakers/tariq-osei">Tariq Osei</a> - <strong>Classrooms and Their Data</strong></td><td>Main Hall</td></tr>
<tr><td>10.30</td><td>11.30</td><td><a href="../speakers/marit-quist">Marit Quist</a> - <strong>Marking Essays by Machine</strong></td><td>Main Hall</td></tr>
<tr><td>11.30</td><td>12.00</td><td><strong>Coffee and Exhibition</strong></td><td>Marquee</td></tr>
<tr><td>12.00</td><td>13.00</td><td><a href="../speakers/dario-conti">Dario Conti</a> - <strong>Teaching With Small Models</strong></td><td>Main Hall</td></tr>
</table></section></body></html>`);
    expect(fieldsByName(out)).toEqual({
      'Tariq Osei': [null, null, 'Classrooms and Their Data'],
      'Marit Quist': [null, null, 'Marking Essays by Machine'],
      'Dario Conti': [null, null, 'Teaching With Small Models'],
      'Ines Halvorsen': [null, null, 'Welcome to the Day'],
    });
  });
});

describe("links to a talk's material in a schedule cell", () => {
  it('"Watch video", "Slides", "Watch the recording" after the speaker are no employer', async () => {
    const out = await extractFixture('schedule-video-links.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Lena Kraus', null, ['Streams all the way down']],
      ['Omar Saleh', null, ['Types at the edges']],
      ['Ruth Ambrose', null, ['Shipping on a Friday']],
      ['Piet Maas', null, ['Drawing with the Canvas API']],
      ['Aoife Kelly', null, ['Accessible forms']],
      ['Joost van Dijk', null, ['Service workers in practice']],
    ]);
  });
});

describe('a meetup list whose rows open with their date', () => {
  it('"8 June 11am CET" is the row\'s time, not its talk: the subject after it is the talk', async () => {
    const out = await extractFixture('meetup-schedule-dates.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Lena Kraus', ['Observability on a budget']],
      ['Omar Saleh', ['Policies as code in practice']],
      ['Ruth Ambrose', ['Introduction to service meshes']],
      ['Piet Maas', ['Static sites on the edge']],
      ['Aoife Kelly', ['Hardening managed databases']],
    ]);
  });
});

describe("a card's hidden copy of its session link", () => {
  it('"/sessions/invited_kraus" written as a link\'s text is an address, never the talk', async () => {
    const out = await extractFixture('session-links-hidden-paths.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Lena Kraus', 'Eastfield University', []],
      ['Omar Saleh', 'Northmoor University', []],
      ['Ruth Ambrose', 'Brightwater Institute', []],
      ['Piet Maas', 'Kelpware', []],
      ['Aoife Kelly', 'Stroomnet', []],
    ]);
  });
});

describe('a meetup list with a venue column', () => {
  it('the group that hosts the session, in an element classed as the venue, is no employer of its speaker', async () => {
    const out = await extractFixture('meetup-schedule-dates.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', null, null],
      ['Omar Saleh', null, null],
      ['Ruth Ambrose', null, null],
      ['Piet Maas', null, null],
      ['Aoife Kelly', null, null],
    ]);
  });
});

describe('a talk about a team', () => {
  it('"Behaviour & Your Team", "Trust and the On-call Team" are talks; "Hosts & Volunteers" still heads staff', async () => {
    const out = await extractFixture('schedule-team-talks.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Lena Kraus', ['Behaviour & Your Team']],
      ['Omar Saleh', ['Types at the edges']],
      ['Ruth Ambrose', ['Trust and the On-call Team']],
      ['Piet Maas', ['Drawing with the Canvas API']],
    ]);
  });
});

describe('a slot card with its time and room in one box', () => {
  it('"<div class=speaker-time-location>11:00 – 11:25 / LT1</div>": the room is no talk; a card without a title has none', async () => {
    const out = await extractFixture('programme-time-room-box.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Ada Lind', 'Signal Lab', []],
      ['Omar Saleh', 'Robotics Group', ['Robots as mirrors of human design']],
      ['Ruth Ambrose', 'Learning Lab', []],
      ['Piet Maas', 'Control', ['Tidal energy and the grid']],
      ['Aoife Kelly', 'Learning Lab', ['Estimating free energy with learned transports']],
    ]);
  });
});

describe('a schedule whose talk line is left empty', () => {
  it('the heading "Name @handle", a room label "Ozone:" and a "Discussion Slot" are no talk of that speaker', async () => {
    const out = await extractFixture('schedule-name-handle-headings.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Lena Kraus', ['Grids in the wild']],
      ['Omar Saleh', ['Prototypes in code']],
      ['Ruth Ambrose', []],
      ['Piet Maas', ['Functional CSS at scale']],
      ['Aoife Kelly', ['Debugging interaction performance']],
    ]);
  });
});

describe('a programme table whose cells bracket the organisation after the names', () => {
  it('the bracket after a name (or after two names joined by "&") is their organisation, never part of the title beside it; the "&" goes with the names', async () => {
    const out = await extractHtml(`<html><body><main><table>
<thead><tr><th>Hora</th><th>Lunes</th><th>Martes</th></tr></thead>
<tbody>
<tr><td>09:30 - 09:45</td><td><strong>Apertura</strong></td><td><strong>Apertura</strong></td></tr>
<tr><td>09:45 - 10:30</td>
<td><strong>Lucía Ferrándiz Soto</strong><br><em>(Universidad del Valle)</em><br><a href="../resumenes/#redes">Redes bayesianas para series cortas</a></td>
<td><strong>Mateo Urrutia</strong><br><em>(Instituto Andino, Perú)</em><br><a href="../resumenes/#censos">Censos con datos faltantes</a></td></tr>
<tr><td>10:30 - 11:00</td><td><strong>Café</strong></td><td><strong>Café</strong></td></tr>
<tr><td>11:00 - 11:30</td>
<td><a href="../resumenes/#pesca">Modelos de captura para la pesca artesanal</a><br><strong>Inés Arriaga</strong> <em>(UCEN)</em></td>
<td><a href="../resumenes/#suelos">Mapas de suelos con kriging</a><br><strong>Tomás Quiroga Vidal</strong> <em>(PUCV)</em></td></tr>
<tr><td>11:30 - 12:00</td>
<td><a href="../resumenes/#clima">Extremos climáticos en la costa</a><br><strong>Ana Beltrán</strong> <em>(USACH)</em></td>
<td><strong>Rocío Carrasco &amp; Pablo Ibarra</strong><br><em>(Banco Austral)</em><br><a href="../resumenes/#riesgo">Riesgo Operacional</a></td></tr>
</tbody></table></main></body></html>`);
    const fields = fieldsByName(out);
    expect(fields['Lucía Ferrándiz Soto']).toEqual([null, 'Universidad del Valle', 'Redes bayesianas para series cortas']);
    expect(fields['Tomás Quiroga Vidal']).toEqual([null, 'PUCV', 'Mapas de suelos con kriging']);
    expect(fields['Ana Beltrán']).toEqual([null, 'USACH', 'Extremos climáticos en la costa']);
    expect(fields['Rocío Carrasco']).toEqual([null, 'Banco Austral', 'Riesgo Operacional']);
    expect(fields['Pablo Ibarra']).toEqual([null, 'Banco Austral', 'Riesgo Operacional']);
  });
});

describe('a programme table with welcome rows and countries after the affiliation', () => {
  it('reads no person from "Bienvenida-Inauguración" and leaves the country ("EEUU", "Perú") out of the organisation', async () => {
    const out = await extractFixture('programa-bienvenida-pais.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': [null, 'Universidad del Cedro', 'Modelos para datos escasos'],
      'Colm Farrelly': [null, 'Harwick State University', 'Privacidad e inferencia bayesiana'],
      'Ines Okafor': [null, 'Universidad de Larkspur', 'Salud y ciencia de datos en hospitales públicos'],
      'Tomas Brekke': [null, 'Banco Quillstone', 'Riesgo de modelos'],
      'Amara Lindqvist': [null, 'Instituto Fjordpay', 'Series de tiempo con pocas observaciones'],
    });
  });
});

describe('a programme table with a speaker column, then a small table of the evening', () => {
  it("the evening's two-column rows are another list, not speaker rows naming nobody; honorifics and the role after the comma are no name", async () => {
    const out = await extractFixture('programme-speaker-column-honorifics.html');
    const fields = fieldsByName(out);
    expect(Object.keys(fields).sort()).toEqual(['Dario Conti', 'Henrike Vos', 'Ingrid Halvorsen', 'Marit Quist', 'Sunniva Berg', 'Tariq Osei']);
    expect(fields['Ingrid Halvorsen']?.slice(0, 2)).toEqual(['Pro Vice-Chancellor (Learning)', null]);
    expect(fields['Tariq Osei']).toEqual([null, null, 'Reading Tide Tables Before the Tides']);
    expect(fields['Marit Quist']).toEqual([null, null, 'Coastlines as Evidence']);
    expect(fields['Dario Conti']).toEqual([null, null, 'Ports and the People Who Ran Them']);
  });
});

describe('activity cards of a programme: a kind badge, the title, a presenter line, then date, time and length fields', () => {
  it('the fields and the sign-up button are no employer; the day heading and the badge are no talk; "Participantes: …. Mediação: X" names each person', async () => {
    const out = await extractFixture('programacao-cards-campos.html');
    const round = 'Conversas sobre imagens geradas: impactos na arte';
    expect(fieldsByName(out)).toEqual({
      'Ingrid Halvorsen': [null, null, 'Introdução à programação em JavaScript'],
      'Tariq Osei': [null, null, 'Arte generativa com plotters'],
      'Marit Quist': [null, null, 'O labirinto de funções'],
      'Dario Conti': [null, null, round],
      'Henrike Vos': [null, null, round],
      'Sunniva Berg': [null, null, round],
      'Malik Haddad': [null, null, round],
      'Anouk de Ruiter': [null, null, 'Paletas de cores em p5.js'],
    });
  });
});

describe('an agenda of "Title (Speaker, Speaker)" cells whose speaker list holds brackets of its own', () => {
  it("a nickname inside a name, a handle after one and a pair's organisation after the last name leave every speaker read", async () => {
    const out = await extractFixture('agenda-links-nested-brackets.html');
    const fields = fieldsByName(out);
    expect(fields['Marit Quist']).toEqual([null, null, 'IPC - the broken promise of isolation']);
    expect(fields['Dario (Dan) Conti']).toEqual([null, null, 'IPC - the broken promise of isolation']);
    expect(fields['Henrike Vos']).toEqual([null, 'Kelpware', 'Privacy by default, from the Global South']);
    expect(fields['Sunniva Berg']).toEqual([null, 'Kelpware', 'Privacy by default, from the Global South']);
    expect(fields['Malik Haddad']).toEqual([null, null, 'Teenage Mutant Disassembler Turtles']);
    expect(fields['Olamide Farrow']).toEqual([null, null, 'The (not so simple) path to heap exploitation']);
    expect(Object.keys(fields)).toHaveLength(13);
  });
});

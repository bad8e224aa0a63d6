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
  it('the last line above the speaker is the talk, a kind heading left out; a row that wraps the role line otherwise gives it all the same', async () => {
    const out = await extractHtml(TIMED_ROWS);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Director and CEO', 'Fjordpay', 'Moving a Harbour Ledger Between Two Regions'],
      'Tariq Osei': ['Staff Engineer', 'Kelpware', 'Serverless Queues for Small Teams'],
      'Marit Quist': ['Data Engineer', 'Solvi Bank', 'Cost Dashboards Nobody Ignores'],
      'Dario Conti': ['Site Reliability Lead', 'Brightwater', 'Tracing Without Tears'],
    });
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

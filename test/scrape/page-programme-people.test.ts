/**
 * People a programme names who have no card of their own: a schedule's speaker line
 * shaped like the carded speakers' lines, a course table beside the cards, and the
 * session kinds ("Opening Lecture:") that head a slot without naming anyone. Each page
 * is served on loopback and read through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, extractHtml } from './loopback-pages.js';

const rows = (out: Awaited<ReturnType<typeof extractFixture>>) => out.speakers.map((s) => [s.name, s.company, s.talks[0]?.title ?? null]);

describe('programme-only people', () => {
  it('a speaker line shaped like the carded speakers\' lines names new people, with the organisation in a leading bracket; "Lari" is the card\'s "Larissa"', async () => {
    const out = await extractFixture('programme-only-people.html');
    expect(rows(out)).toEqual([
      ['Lena Kraus', 'Fjordpay', 'Payments at the speed of light'],
      ['Omar Saleh', 'Kelpware', 'Designing for tired people'],
      ['Ruth Ambrose', 'Brightwater', 'Warehouses without tears'],
      ['Larissa Moreau', 'Quillstone', 'Debugging CSS layouts'],
      ['Piet Maas', 'STROOMNET', 'Rails from scratch'],
      ['Anouk de Ruiter', 'STROOMNET', 'Rails from scratch'],
      ['Mira Ekdahl', null, 'Career paths abroad'],
    ]);
  });

  it('a course table ("Title of the workshop | Lead instructor") beside the bios adds its instructors; a session kind before a title is nobody', async () => {
    const out = await extractFixture('programme-course-table.html');
    expect(out.speakers.map((s) => s.name)).not.toContain('Opening Lecture');
    expect(rows(out).filter(([name]) => ['Omar Saleh', 'Anouk de Ruiter', 'Mira Ekdahl'].includes(name as string))).toEqual([
      ['Omar Saleh', null, 'Reading aloud with apps'],
      ['Anouk de Ruiter', null, 'Scratch for first-time teachers'],
      ['Mira Ekdahl', null, 'Podcasting in the classroom'],
    ]);
  });
});

describe('a session naming several speakers in one list', () => {
  it('each item of the list is a speaker of the session above it; post-nominals after a name (", J.D., Ph.D") are neither a person nor a title', async () => {
    const out = await extractHtml(`<html><body>
<section class="speakers">
<div class="card"><h3>Ada Lind</h3><p>CTO at Fjordpay</p></div>
<div class="card"><h3>Omar Saleh</h3><p>Designer at Kelpware</p></div>
<div class="card"><h3>Ruth Ambrose</h3><p>Engineer at Brightwater</p></div>
</section>
<section class="schedule">
<div class="slot"><span class="time">09:30</span><h4>Payments at the speed of light</h4><ul><li><a href="#ada">Ada Lind</a></li><li><a href="#mara">Mara Quist, J.D., Ph.D</a></li></ul></div>
<div class="slot"><span class="time">10:30</span><h4>Designing for tired people</h4><ul><li><a href="#omar">Omar Saleh</a></li></ul></div>
<div class="slot"><span class="time">11:30</span><h4>Warehouses without tears</h4><ul><li><a href="#ruth">Ruth Ambrose</a></li></ul></div>
</section>
</body></html>`);
    expect(rows(out)).toEqual([
      ['Ada Lind', 'Fjordpay', 'Payments at the speed of light'],
      ['Omar Saleh', 'Kelpware', 'Designing for tired people'],
      ['Ruth Ambrose', 'Brightwater', 'Warehouses without tears'],
      ['Mara Quist', null, 'Payments at the speed of light'],
    ]);
  });
});

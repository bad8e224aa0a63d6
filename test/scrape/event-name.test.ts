import { describe, expect, it } from 'vitest';
import { eventNameOf } from '../../src/scrape/event-name.js';

const html = (title: string, body: string) => ({
  url: 'https://conf.example/speakers',
  status: 200,
  contentType: 'text/html',
  body: `<html><head><title>${title}</title></head><body>${body}</body></html>`,
});

/** A page whose links and dates all name one edition. */
const linksOf = (year: number, n: number) => Array.from({ length: n }, (_, i) => `<a href="/${year}/speakers/person-${i}">Person ${i}</a>`).join('');

describe('eventNameOf: the page title', () => {
  it('reads the event from the title without its "Speakers |" decoration', () => {
    expect(eventNameOf(html('Speakers | DrupalCamp Wrocław 2024', linksOf(2024, 3)))).toBe('DrupalCamp Wrocław 2024');
  });

  it("drops a year the title alone states when the page's links and dates all name another edition", () => {
    // Last year's site copied over: the title still says 2016, every link says 2017.
    expect(eventNameOf(html('European Testing Conference 2016', linksOf(2017, 20)))).toBe('European Testing Conference');
    expect(eventNameOf(html('Speakers – DevDays 2016 –', `${linksOf(2017, 12)}<p>Since 2008</p>`))).toBe('DevDays');
  });

  it('keeps the year when the page states it too, or when no other year is stated a dozen times', () => {
    expect(eventNameOf(html('European Testing Conference 2016', `${linksOf(2017, 20)}<p>8–10 February 2016</p><p>© 2016</p>`))).toBe(
      'European Testing Conference 2016',
    );
    expect(eventNameOf(html('PyCon 2019', linksOf(2018, 6)))).toBe('PyCon 2019');
    // The page's own text names the title's year once: it is this edition's page.
    expect(eventNameOf(html('Summit 2020', `${linksOf(2021, 12)}<p>2020</p>`))).toBe('Summit 2020');
  });

  it('never takes what a page calls its list or programme, in any language, for the event', () => {
    for (const title of ['Sprekers', 'Programação', 'Prelegenci', 'Ponentes', '» Orateurs', 'Palestrantes', '登壇者', 'Referenten']) {
      expect(eventNameOf(html(title, linksOf(2019, 2))), title).toBeNull();
    }
    expect(eventNameOf(html('Programm ZeTeCo', ''))).toBe('ZeTeCo');
    expect(eventNameOf(html('Ponentes de Open Data Sevilla 2012', '<p>2012</p>'))).toBe('Open Data Sevilla 2012');
    expect(eventNameOf(html('« BSidesROC', ''))).toBe('BSidesROC');
    // What is left of "Nos intervenants" ("Our speakers") once the page word goes is no event.
    expect(eventNameOf(html('Nos intervenants', ''))).toBeNull();
    expect(eventNameOf(html('Nos intervenants | Vega Forum', ''))).toBe('Vega Forum');
  });
});

import http from 'node:http';
import type { Person } from '../core/fictional-speakers.js';

export interface SitePage {
  contentType: string;
  body: string;
}

/** Sessionize's API view "All": speakers and sessions joined by id. */
export function sessionizeAll(people: Person[]): string {
  return JSON.stringify({
    sessions: people.map((p, i) => ({ id: `s${i}`, title: p.talk.title, description: p.talk.abstract, speakers: [p.id] })),
    speakers: people.map((p, i) => ({
      id: p.id,
      firstName: p.first,
      lastName: p.last,
      fullName: `${p.first} ${p.last}`,
      bio: p.bio,
      tagLine: `${p.title} at ${p.company}`,
      profilePicture: null,
      sessions: [`s${i}`],
      links: p.linkedin ? [{ title: 'LinkedIn', url: p.linkedin, linkType: 'LinkedIn' }] : [],
    })),
    questions: [],
    categories: [],
    rooms: [],
  });
}

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A hand-written looking speakers page of repeated cards, for the generic extractor. */
export function speakerCards(people: Person[], title = 'Speakers'): string {
  const cards = people
    .map(
      (p) => `
    <article class="card">
      <img src="/img/${p.id}.jpg" alt="">
      <h3><a href="/speakers/${p.id}.html">${esc(`${p.first} ${p.last}`)}</a></h3>
      <p class="role">${esc(`${p.title}, ${p.company}`)}</p>
      <p class="talk">Talk: ${esc(p.talk.title)}</p>
      ${p.linkedin ? `<a class="social" href="${esc(p.linkedin)}">LinkedIn</a>` : ''}
    </article>`,
    )
    .join('');
  return `<!doctype html><html><head><title>${esc(title)}</title></head><body><header><nav><a href="/">Home</a> <a href="/schedule">Schedule</a></nav></header><main><h1>${esc(title)}</h1><section class="grid">${cards}</section></main><footer>Fictional conference</footer></body></html>`;
}

/** Serves the given pages on a loopback port. */
export async function startSite(pages: Record<string, SitePage>): Promise<{ host: string; url(path: string): string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const page = pages[(req.url ?? '/').split('?')[0] as string];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': page.contentType }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    host,
    url: (path) => `http://${host}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

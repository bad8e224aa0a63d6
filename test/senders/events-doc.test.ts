import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_EVENTS } from '../../src/senders/inbound.js';
import { SENDER_INBOUND_PATH } from '../../src/core/sender-events.js';
import { WEBHOOK_EVENTS } from '../../schemas/webhook-events.js';

const root = path.resolve(import.meta.dirname, '../..');
const page = (name: string) => fs.readFileSync(path.join(root, name), 'utf8');

/** What the sending tools post back, where, and what each event changes, as the docs say it: the same lists the code reads. */
describe('the events-back documentation', () => {
  const doc = page('docs/sending-tools.md');

  it('gives the inbound URL the server answers on', () => {
    expect(doc).toContain(`{GREENROOM_PUBLIC_URL}${SENDER_INBOUND_PATH}/{connection_id}/{secret}`);
  });

  it('names every event each tool is asked for, with what it changes', () => {
    for (const [tool, events] of Object.entries(TOOL_EVENTS)) {
      for (const name of [...events.subscribe, ...events.replied]) expect(doc, `${tool} ${name}`).toContain(`\`${name}\``);
    }
    for (const effect of ['**accepted**', '**sent**', '**replied**']) expect(doc).toContain(effect);
  });

  it('lists each lead event in the webhook events table and in the events-back section', () => {
    const hooks = page('docs/webhooks.md');
    for (const event of WEBHOOK_EVENTS.filter((e) => e.startsWith('lead.'))) {
      expect(hooks, event).toMatch(new RegExp(`^\\| \`${event.replace('.', '\\.')}\` \\|`, 'm'));
      expect(doc, event).toContain(`\`${event}\``);
    }
  });

  it('is linked from the README', () => {
    expect(page('README.md')).toMatch(/\[Sending tools\]\(docs\/sending-tools\.md\) \|[^\n]*replies coming back/);
  });
});

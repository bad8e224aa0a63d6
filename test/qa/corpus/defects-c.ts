/** Drafts with planted defects, part three: subtler claims, names and links. */
import type { Defect } from './defects-a.js';

export const SUBTLE: Defect[] = [
  { ctx: 'john', slot: 1, codes: ['ungrounded_claim'], content: 'Hi John, loved your KubeCon talk on Postgres at Shopify. Worth a chat?' },
  { ctx: 'john', slot: 1, codes: ['ungrounded_claim'], content: 'Hi John, your team at Shopify moved checkout to CockroachDB last year, right? Worth a chat?' },
  { ctx: 'john', slot: 2, codes: ['ungrounded_claim'], content: 'Hi John, when you were at Amazon, did sharding look this hard? A replay might have helped.' },
  { ctx: 'john', slot: 2, codes: ['ungrounded_claim'], content: "Hi John, you said on stage that 'sharding is mostly a people problem'. Would a replay help?" },
  { ctx: 'priya', slot: 1, codes: ['ungrounded_claim'], content: 'Hi Priya, Ledgerly processes $2B a month now, impressive. How do you trace it?' },
  { ctx: 'priya', slot: 1, codes: ['ungrounded_claim'], content: 'Hi Priya, saw you just hired 30 engineers in Porto. How is onboarding going?' },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Rob, your book "Developer Marketing Does Not Exist" is a classic. How did Fernwood use it?',
  },
  {
    ctx: 'maria',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: "Dear María, congratulations on the pilot with Driscoll's in California. How do you validate models?",
  },
  { ctx: 'wei', slot: 1, codes: ['ungrounded_claim'], content: 'Hi Wei, you cut pages from 20 to 2 at Lumen Cloud. Which alert went first?' },
  {
    ctx: 'aisha',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Aisha, as a former teacher in Lagos you must see assessment differently. How do retries work in Kora?',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Emily, your 2019 Strange Loop talk on platform teams was great. Were the golden paths your idea?',
  },
  { ctx: 'john', slot: 1, codes: ['wrong_recipient_name'], content: 'Good morning Peter, loved your PGConf talk on Postgres writes at Shopify. Worth a chat?' },
  { ctx: 'john', slot: 1, codes: ['wrong_recipient_name'], content: 'Hi Alex, loved your PGConf talk on Postgres writes at Shopify. Worth a chat?' },
  { ctx: 'john', slot: 1, codes: ['wrong_recipient_name'], content: 'Hi Jon, loved your PGConf talk on Postgres writes at Shopify. Worth a chat?' },
  {
    ctx: 'john',
    slot: 1,
    codes: ['link_in_first_touch', 'anonymous_greeting'],
    content: 'Hi there, loved your PGConf talk on Postgres writes at Shopify. Worth a chat? - Alex (shardlab.io)',
  },
  {
    ctx: 'john',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi John, loved your PGConf talk on Postgres writes at Shopify. More at ShardLab.com if useful. Worth a chat?',
  },
  { ctx: 'john', slot: 1, codes: ['spam_trigger_stack'], content: 'Hi John, F R E E replay for Shopify, winner winner, cash prize. Worth a chat?' },
];

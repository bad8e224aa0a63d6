/**
 * Drafts with planted defects, part thirteen: a first follow-up that names the product and,
 * in the same note, shrugs at whether it fits the reader ("you'd judge its relevance far
 * better than me", "not your field, I know", "tell me if it's off the mark"). The clean
 * drafts beside them say where the reader's work meets the product, or ask who else to write to.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const DOUBTED_FIT: Defect[] = [
  {
    ctx: 'lena',
    slot: 2,
    codes: ['doubted_fit', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. I help build Tracewise: it shows which request got slow. You'd judge its relevance far better than me.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['doubted_fit', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. My company, Tracewise, shows which request got slow. Tell me if it's off the mark.${sign}`,
  },
  {
    ctx: 'vera',
    slot: 2,
    codes: ['doubted_fit'],
    content: `Hi Vera,\n\nYour exhibition "Light Years" caught my eye. I work on Tracewise, a tool that shows which request got slow. Not your field, I know; should a friend need it, I'd welcome the introduction.${sign}`,
  },
  {
    ctx: 'ilya',
    slot: 2,
    codes: ['doubted_fit'],
    content: `Hey Ilya,\n\nYour talk "Ruby Proxies for Scale" made me curious. At Tracewise we build observability for .NET and JavaScript apps. From the outside I can't tell whether it fits your work at FeedLens.${sign}`,
  },
];

export const DOUBTED_FIT_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking: a retry storm hides which request got slow first. That is the part Tracewise shows. How do you find it at Fernwerk today?${sign}`,
  },
  {
    ctx: 'vera',
    slot: 2,
    content: `Hi Vera,\n\nYour exhibition "Light Years" caught my eye. Tracewise shows which web request got slow; that is likely far from your work, so who at Kunsthalle Nord looks after the website?${sign}`,
  },
];

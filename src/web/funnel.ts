import { h, type Safe } from './html.js';

/** One bar per stage, its length the share of the first stage: a meter each, with the count beside it. */
export function funnelBars(id: string, caption: string, stages: Array<[string, number]>): Safe {
  const top = Math.max(1, stages[0]?.[1] ?? 0);
  return h`<figure class="funnel" aria-labelledby="${id}-cap"><figcaption id="${id}-cap" class="sr-only">${caption}</figcaption>
<ul>${stages.map(
    ([label, n], i) =>
      h`<li><span class="stage" id="${id}-${i}">${label}</span><meter min="0" max="${top}" value="${n}" aria-labelledby="${id}-${i}">${n}</meter><span class="n">${n}</span></li>`,
  )}</ul></figure>`;
}

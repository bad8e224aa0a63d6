import { h, type Safe } from './html.js';

const PAGES = [
  ['access', '/settings', 'Keys and access'],
  ['profile', '/settings/profile', 'Profile'],
  ['sending', '/settings/sending', 'Sending tools'],
  ['do-not-contact', '/settings/do-not-contact', 'Do not contact'],
] as const;

/** The settings pages' own navigation, the current one marked for screen readers. */
export function settingsNav(current: (typeof PAGES)[number][0]): Safe {
  return h`<nav aria-label="Settings" class="subnav"><ul>${PAGES.map(([key, href, label]) => (key === current ? h`<li><a href="${href}" aria-current="page">${label}</a></li>` : h`<li><a href="${href}">${label}</a></li>`))}</ul></nav>`;
}

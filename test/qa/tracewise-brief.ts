/** The campaign the gate's read-through tests score against: Tracewise, as a founder would set it up, and the gate's settings. */
import { loadConfig } from '../../src/config.js';
import type { QaBrief } from '../../src/core/message-qa.js';

export const settings = loadConfig({}, { GREENROOM_DB: ':memory:' }).qa;

export const TRACEWISE_BRIEF: QaBrief = {
  cta: 'Would a 20-minute call next week be worth it?',
  yourName: 'Maya Lindqvist',
  yourCompany: 'Tracewise',
  yourRole: 'Co-founder',
  tone: 'friendly',
  pitch: 'Tracewise is observability for .NET and JavaScript apps: it shows which request got slow and the line of code behind it, without a week of setup.',
  positioning: 'We work with engineering teams that run production web services and want to find slow requests before their users do.',
  icp: { exclusions: [], competitors: [], keywords: ['software', 'web', 'javascript', 'backend'], titles: ['Software Engineer', 'Developer'] },
  name: 'DevDays 2023',
};

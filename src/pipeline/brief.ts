/** The campaign brief lives in core (src/core/brief.ts); src/core/runs.ts still imports it from here. */
export { campaignBrief, speakerInput } from '../core/brief.js';

import type { AnyTool } from '../src/registry/define.js';
import add_conference_url from './add_conference_url.js';
import create_campaign from './create_campaign.js';
import get_campaign from './get_campaign.js';
import get_capabilities from './get_capabilities.js';
import get_credit_balance from './get_credit_balance.js';
import list_campaigns from './list_campaigns.js';
import update_campaign from './update_campaign.js';
import whoami from './whoami.js';

/**
 * Every operation, listed explicitly (never globbed). The order here is the order of
 * tools/list, the OpenAPI document and the README table.
 */
export const TOOLS: readonly AnyTool[] = [
  whoami,
  get_capabilities,
  get_credit_balance,
  list_campaigns,
  get_campaign,
  create_campaign,
  update_campaign,
  add_conference_url,
];

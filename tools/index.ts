import type { AnyTool } from '../src/registry/define.js';
import add_conference_url from './add_conference_url.js';
import create_campaign from './create_campaign.js';
import get_campaign from './get_campaign.js';
import { capabilitiesTool } from './get_capabilities.js';
import get_credit_balance from './get_credit_balance.js';
import list_model_spend from './list_model_spend.js';
import get_profile from './get_profile.js';
import update_profile from './update_profile.js';
import list_campaigns from './list_campaigns.js';
import update_campaign from './update_campaign.js';
import campaign_stats from './campaign_stats.js';
import get_run_status from './get_run_status.js';
import get_speaker_dossier from './get_speaker_dossier.js';
import search_speakers from './search_speakers.js';
import set_speaker_reply_status from './set_speaker_reply_status.js';
import set_speaker_selected from './set_speaker_selected.js';
import list_intent_leads from './list_intent_leads.js';
import set_intent_lead_selected from './set_intent_lead_selected.js';
import import_intent_signals from './import_intent_signals.js';
import create_intent_webhook from './create_intent_webhook.js';
import start_campaign_run from './start_campaign_run.js';
import list_qa_codes from './list_qa_codes.js';
import get_draft_qa from './get_draft_qa.js';
import list_messages from './list_messages.js';
import update_message from './update_message.js';
import rescore_drafts from './rescore_drafts.js';
import approve_message from './approve_message.js';
import approve_sequence from './approve_sequence.js';
import request_rewrite from './request_rewrite.js';
import mark_message_sent from './mark_message_sent.js';
import whoami from './whoami.js';
import create_webhook from './create_webhook.js';
import list_webhooks from './list_webhooks.js';
import delete_webhook from './delete_webhook.js';
import list_webhook_deliveries from './list_webhook_deliveries.js';
import create_sending_connection from './create_sending_connection.js';
import list_sending_connections from './list_sending_connections.js';
import delete_sending_connection from './delete_sending_connection.js';
import list_sending_tool_campaigns from './list_sending_tool_campaigns.js';
import push_approved from './push_approved.js';
import approve_fits_and_clean_drafts from './approve_fits_and_clean_drafts.js';
import compare_models from './compare_models.js';
import add_do_not_contact from './add_do_not_contact.js';
import create_sending_events_url from './create_sending_events_url.js';
import export_campaign_outcomes from './export_campaign_outcomes.js';
import list_do_not_contact from './list_do_not_contact.js';
import remove_do_not_contact from './remove_do_not_contact.js';
import import_do_not_contact from './import_do_not_contact.js';

const get_capabilities = capabilitiesTool(() => TOOLS);

/**
 * Every operation, listed explicitly (never globbed). The order here is the order of
 * tools/list, the OpenAPI document and the operations table of docs/api.md.
 */
export const TOOLS: readonly AnyTool[] = [
  whoami,
  get_capabilities,
  get_credit_balance,
  list_model_spend,
  get_profile,
  update_profile,
  list_campaigns,
  get_campaign,
  create_campaign,
  update_campaign,
  add_conference_url,
  start_campaign_run,
  get_run_status,
  campaign_stats,
  export_campaign_outcomes,
  search_speakers,
  get_speaker_dossier,
  set_speaker_selected,
  set_speaker_reply_status,
  add_do_not_contact,
  import_do_not_contact,
  list_do_not_contact,
  remove_do_not_contact,
  list_intent_leads,
  set_intent_lead_selected,
  import_intent_signals,
  create_intent_webhook,
  list_qa_codes,
  get_draft_qa,
  list_messages,
  update_message,
  rescore_drafts,
  approve_message,
  approve_sequence,
  request_rewrite,
  mark_message_sent,
  create_webhook,
  list_webhooks,
  delete_webhook,
  list_webhook_deliveries,
  create_sending_connection,
  list_sending_connections,
  delete_sending_connection,
  list_sending_tool_campaigns,
  create_sending_events_url,
  push_approved,
  approve_fits_and_clean_drafts,
  compare_models,
];

import type { SenderAdapter, SenderTool } from './types.js';
import { SENDER_TOOLS } from '../../schemas/push-vocabulary.js';
import { heyreach } from './heyreach.js';
import { lemlist } from './lemlist.js';
import { webhook } from './webhook.js';

/**
 * Every sending tool's adapter, listed explicitly: the compiler asks for one per name of
 * SENDER_TOOLS. Adding a tool is one adapter file, its name there and one line here.
 */
const ADAPTERS: Record<SenderTool, SenderAdapter> = { heyreach, lemlist, webhook };

export const SENDERS: readonly SenderAdapter[] = SENDER_TOOLS.map((t) => ADAPTERS[t]);

export function senderFor(tool: string): SenderAdapter {
  const adapter = SENDERS.find((s) => s.tool === tool);
  if (!adapter) throw new Error(`no sending-tool adapter named ${tool}`);
  return adapter;
}

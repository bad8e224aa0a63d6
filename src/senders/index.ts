import type { SenderAdapter, SenderTool } from './types.js';
import { heyreach } from './heyreach.js';
import { lemlist } from './lemlist.js';
import { webhook } from './webhook.js';

/** Every sending tool, listed explicitly. Adding a tool is one adapter file and one line here. */
export const SENDERS: readonly SenderAdapter[] = [heyreach, lemlist, webhook];

export const SENDER_TOOLS = SENDERS.map((s) => s.tool) as [SenderTool, ...SenderTool[]];

export function senderFor(tool: string): SenderAdapter {
  const adapter = SENDERS.find((s) => s.tool === tool);
  if (!adapter) throw new Error(`no sending-tool adapter named ${tool}`);
  return adapter;
}

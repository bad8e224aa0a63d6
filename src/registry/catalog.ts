import type { Scope } from '../context.js';
import { TOOLS } from '../../tools/index.js';
import type { AnyTool } from './define.js';

const byName = new Map<string, AnyTool>();

export function findTool(name: string): AnyTool | undefined {
  if (byName.size === 0) for (const t of TOOLS) byName.set(t.name, t);
  return byName.get(name);
}

/** The tools a credential with these scopes may call, in registry order. */
export function toolsFor(scopes: readonly Scope[]): AnyTool[] {
  return TOOLS.filter((t) => scopes.includes(t.kind));
}

export function allTools(): readonly AnyTool[] {
  return TOOLS;
}

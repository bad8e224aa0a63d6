import { defineTool } from '../src/registry/define.js';
import { compareModels } from '../src/core/compare/index.js';
import { COMPARE_BODY_RULES, CompareInput } from '../src/core/compare/input.js';
import { CompareOutput } from '../schemas/compare.js';

export default defineTool({
  name: 'compare_models',
  title: 'Compare model providers',
  description:
    "Owner only. Benchmarks model providers on the service's own work; writes no campaign data, only spend rows. Modes: " +
    "fixtures (default): the stages on 30 fixed speakers, agreement with the first provider; judge: each judges a campaign's drafts against the QA gate; " +
    "draft: each drafts for a campaign's speakers, QA-gated and optionally judged; x_signals: the second provider reads speakers' X posts; " +
    'human: each judges messages people approved, sent or rejected; signals: research per source on the fixtures; ' +
    "founder: each judges the founder's stamped or approved messages by the recipe; founder_draft: writers' and baseline sequences ranked by a founder judge. " +
    'Takes no new item after 40 s (elapsed_ms); page with next_offset. Each provider stops before passing max_cost_usd; one that errors is counted under errors. dry_run: calls, cost_preview, keys_configured.',
  kind: 'write',
  http: { method: 'POST', path: '/model-comparisons' },
  hints: { openWorldHint: true },
  bodyRules: COMPARE_BODY_RULES,
  input: CompareInput,
  output: CompareOutput,
  handler: (input, ctx) => compareModels(ctx, input),
});

import type { NewModelSpend } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import type { VendorId } from '../../model-settings.js';
import { ModelCallError, type CallRecord, type Meter } from '../../engine/types.js';
import { costUsd, priceOf } from '../../engine/prices.js';
import { TYPICAL_TOKENS } from '../pricing.js';
import { insertSpend, spendRows, type SpendOwner } from '../spend.js';
import type { CompareStage } from './plan.js';

/** Tokens a typical call of each kind uses, for the cap's look-ahead and dry-run estimates. */
export const COMPARE_TOKENS: Readonly<Record<CompareStage, { input: number; output: number }>> = Object.freeze({
  prequalify: TYPICAL_TOKENS.prequalify,
  qualify: TYPICAL_TOKENS.qualify,
  research: TYPICAL_TOKENS.research,
  draft: TYPICAL_TOKENS.draft,
  judge: { input: 1800, output: 350 },
  founder_judge: { input: 3500, output: 400 },
  x_signals: { input: 600, output: 500 },
});

// A model without a price is costed at the dearest list price in the table, so the cap still holds.
const UNPRICED = { input: 15, output: 75 };

export class CapReached extends Error {
  constructor(readonly provider: VendorId) {
    super(`${provider} reached max_cost_usd`);
    this.name = 'CapReached';
  }
}

export interface ProviderTally {
  provider: VendorId;
  models: Set<string>;
  calls: number;
  failed_calls: number;
  errors: number;
  error_samples: string[];
  input_tokens: number;
  output_tokens: number;
  /** Spent on priced calls. */
  cost_usd: number;
  unpriced_calls: number;
  /** What the cap counts: priced calls, and unpriced ones at the dearest list price. */
  capped_usd: number;
  stopped: 'cost_cap' | null;
}

/**
 * What each provider has spent in one compare_models call. A call is refused before it
 * is made when it would take its provider's estimated spend past the cap; every call
 * made becomes a spend row (no credits), written after each item.
 */
export class CompareLedger {
  private readonly tallies = new Map<VendorId, ProviderTally>();
  private readonly pending: NewModelSpend[] = [];
  private readonly inFlight = new Map<VendorId, number>();

  constructor(
    private readonly ctx: Ctx,
    private readonly capUsd: number,
  ) {}

  tally(p: VendorId): ProviderTally {
    let t = this.tallies.get(p);
    if (!t) {
      t = {
        provider: p,
        models: new Set(),
        calls: 0,
        failed_calls: 0,
        errors: 0,
        error_samples: [],
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: 0,
        unpriced_calls: 0,
        capped_usd: 0,
        stopped: null,
      };
      this.tallies.set(p, t);
    }
    return t;
  }

  all(): ProviderTally[] {
    return [...this.tallies.values()];
  }

  estimate(model: string, stage: CompareStage): number {
    const t = COMPARE_TOKENS[stage];
    return costUsd(priceOf(this.ctx.config.models, model) ?? UNPRICED, t.input, t.output) ?? 0;
  }

  /**
   * Refuses the next call of a provider that has stopped, or that this call would take
   * past the cap counting the calls still in flight; returns the release of this call's
   * reservation, for when it has been recorded.
   */
  reserve(p: VendorId, model: string, stage: CompareStage): () => void {
    const t = this.tally(p);
    const est = this.estimate(model, stage);
    const inFlight = this.inFlight.get(p) ?? 0;
    if (t.stopped === null && t.capped_usd + inFlight + est > this.capUsd) t.stopped = 'cost_cap';
    if (t.stopped) throw new CapReached(p);
    this.inFlight.set(p, inFlight + est);
    return () => this.inFlight.set(p, (this.inFlight.get(p) ?? est) - est);
  }

  meter(owner: SpendOwner): Meter {
    return {
      record: (r: CallRecord) => {
        const t = this.tally(r.provider as VendorId);
        t.models.add(r.model);
        t.calls++;
        if (!r.ok) t.failed_calls++;
        t.input_tokens += r.inputTokens;
        t.output_tokens += r.outputTokens;
        if (r.costUsd === null) t.unpriced_calls++;
        t.cost_usd += r.costUsd ?? 0;
        t.capped_usd += r.costUsd ?? costUsd(UNPRICED, r.inputTokens, r.outputTokens) ?? 0;
        this.pending.push(...spendRows(this.ctx, owner, [r]));
      },
    };
  }

  /** A provider's failure of one item, after its retries. */
  failed(err: ModelCallError): void {
    const t = this.tally(err.provider as VendorId);
    t.errors++;
    if (t.error_samples.length < 3) t.error_samples.push(err.message);
  }

  async flush(): Promise<void> {
    const rows = this.pending.splice(0);
    if (rows.length) await insertSpend(this.ctx.db, rows);
  }
}

/** One provider's (or candidate's) outcome for one item. */
export interface ColumnResult {
  column: string;
  ok: boolean;
  error: string | null;
  skipped: 'cost_cap' | null;
  metrics: Record<string, number | boolean | string | null>;
  detail?: unknown;
}

/**
 * Runs one provider's work on one item: a vendor failure or the cost cap ends that
 * column for the item, and the other providers go on.
 */
export async function attempt(ledger: CompareLedger, column: string, fn: () => Promise<Pick<ColumnResult, 'metrics' | 'detail'>>): Promise<ColumnResult> {
  try {
    return { column, ok: true, error: null, skipped: null, ...(await fn()) };
  } catch (err) {
    if (err instanceof CapReached) return { column, ok: false, error: null, skipped: 'cost_cap', metrics: {} };
    if (!(err instanceof ModelCallError)) throw err;
    ledger.failed(err);
    return { column, ok: false, error: err.message, skipped: null, metrics: {} };
  }
}

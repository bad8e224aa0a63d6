import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError, NoObjectGeneratedError, Output, generateText, type LanguageModel } from 'ai';
import PQueue from 'p-queue';
import type { z } from 'zod';
import { costUsd, priceOf } from '../prices.js';
import { userMessage, type StagePrompt } from '../prompts/index.js';
import type { ModelSettings, VendorId } from '../../model-settings.js';
import { ModelCallError, type Meter } from '../types.js';

/** The structured-output spec of each prompt, built once: converting a schema to JSON Schema costs a few ms a call. */
const outputs = new WeakMap<object, ReturnType<typeof Output.object>>();
function outputOf<S extends z.ZodType>(prompt: StagePrompt<S>): ReturnType<typeof Output.object> {
  let o = outputs.get(prompt);
  if (!o) outputs.set(prompt, (o = Output.object({ schema: prompt.schema, name: prompt.name }) as ReturnType<typeof Output.object>));
  return o;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string; retryable: boolean; rateLimited: boolean; retryAfterMs?: number };

/**
 * One vendor's lane: a queue with the configured concurrency and requests per minute,
 * shared by every campaign on this process. The SDK's own retries are off so that a
 * 429's Retry-After holds the whole lane, not just the one call that met it.
 */
export class VendorLane {
  private readonly queue: PQueue;
  private pausedUntil = 0;

  constructor(
    readonly vendor: VendorId,
    private readonly settings: ModelSettings,
    private readonly models: (modelId: string) => LanguageModel,
  ) {
    const rpm = settings.rpm > 0 ? { intervalCap: settings.rpm, interval: 60_000 } : {};
    this.queue = new PQueue({ concurrency: settings.concurrency, ...rpm });
  }

  /** Calls the model with a stage prompt until it answers with valid output or the attempts run out. */
  async call<S extends z.ZodType>(modelId: string, prompt: StagePrompt<S>, input: unknown, meter?: Meter): Promise<z.output<S>> {
    // What the vendor made this call wait before the next attempt, recorded with that attempt.
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const out = (await this.queue.add(() => this.once(modelId, prompt, input, meter, waited))) as Outcome<z.output<S>>;
      if (out.ok) return out.value;
      const tries = `${attempt} attempt${attempt > 1 ? 's' : ''}`;
      if (!out.retryable || attempt >= this.settings.attempts) throw new ModelCallError(this.vendor, modelId, prompt.stage, `${out.reason} (${tries})`);
      const delay = out.retryAfterMs ?? Math.min(this.settings.retryBaseMs * 2 ** (attempt - 1), this.settings.retryMaxMs);
      if (delay > this.settings.retryMaxMs) {
        throw new ModelCallError(
          this.vendor,
          modelId,
          prompt.stage,
          `${out.reason}; the vendor asked to wait ${Math.ceil(delay / 1000)} s, longer than GREENROOM_MODEL_RETRY_MAX_MS (${tries})`,
        );
      }
      if (out.retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + delay);
      waited = out.rateLimited || out.retryAfterMs !== undefined ? delay : 0;
      await sleep(delay);
    }
  }

  private async once<S extends z.ZodType>(
    modelId: string,
    prompt: StagePrompt<S>,
    input: unknown,
    meter: Meter | undefined,
    waitedBefore: number,
  ): Promise<Outcome<z.output<S>>> {
    // The lane is held while a vendor's Retry-After runs, for every call in it.
    const wait = Math.max(0, this.pausedUntil - Date.now());
    if (wait > 0) await sleep(wait);
    const waitedMs = waitedBefore + wait;
    const started = performance.now();
    const record = (ok: boolean, error: string | null, usage?: { inputTokens?: number; outputTokens?: number }) => {
      const inputTokens = usage?.inputTokens ?? 0;
      const outputTokens = usage?.outputTokens ?? 0;
      meter?.record({
        provider: this.vendor,
        model: modelId,
        stage: prompt.stage,
        promptVersion: prompt.version,
        inputTokens,
        outputTokens,
        costUsd: costUsd(priceOf(this.settings, modelId), inputTokens, outputTokens),
        ok,
        error,
        durationMs: performance.now() - started,
        waitedMs,
      });
    };
    try {
      const res = await generateText({
        model: this.models(modelId),
        system: prompt.system,
        prompt: userMessage(prompt.stage, input),
        output: outputOf(prompt),
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      const value = res.output as z.output<S>;
      record(true, null, res.usage);
      return { ok: true, value };
    } catch (err) {
      const c = classify(err, this.settings.timeoutMs);
      record(false, c.reason, NoObjectGeneratedError.isInstance(err) ? err.usage : undefined);
      return { ok: false, ...c };
    }
  }
}

const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** What went wrong, whether another attempt can help, and how long the vendor asked us to wait. */
function classify(err: unknown, timeoutMs: number): { reason: string; retryable: boolean; rateLimited: boolean; retryAfterMs?: number } {
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const retryAfterMs = retryAfter(err.responseHeaders);
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    const what = status === undefined ? 'no answer' : `HTTP ${status}`;
    return { reason: clip(`${what}: ${err.message}`), retryable, rateLimited: status === 429, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  if (NoObjectGeneratedError.isInstance(err)) return { reason: clip(`unusable output: ${err.message}`), retryable: true, rateLimited: false };
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return { reason: `no answer within ${timeoutMs} ms`, retryable: true, rateLimited: false };
  return { reason: clip(err instanceof Error ? `${err.name}: ${err.message}` : String(err)), retryable: false, rateLimited: false };
}

/** Retry-After in seconds or as an HTTP date, or OpenAI's retry-after-ms. */
function retryAfter(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const v = headers['retry-after'];
  if (!v) return undefined;
  const secs = Number(v);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

import { SenderError } from './http.js';
import type { BatchResult, LeadOutcome, OutboundLead } from './types.js';

/**
 * For tools that take one lead a request: sends them in order; a refusal that would
 * repeat for every lead (bad key, rate limit past the wait) stops the batch there.
 */
export async function sendEach(leads: OutboundLead[], addOne: (l: OutboundLead) => Promise<LeadOutcome>): Promise<BatchResult> {
  const outcomes: LeadOutcome[] = [];
  for (const l of leads) {
    try {
      outcomes.push(await addOne(l));
    } catch (err) {
      if (!(err instanceof SenderError)) throw err;
      outcomes.push({ ref: l.ref, status: 'failed', reason: err.message });
      if (err.halts) {
        for (const rest of leads.slice(outcomes.length)) outcomes.push({ ref: rest.ref, status: 'failed', reason: err.message });
        return { outcomes, halt: err };
      }
    }
  }
  return { outcomes, halt: null };
}

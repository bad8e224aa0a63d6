/**
 * What the pipeline charges. Enrichment and drafting are billed once per speaker, ever,
 * under a unique ledger reference; the other stages cost model calls but no credits.
 */
export const STAGE_CREDITS = { enrich: 1, draft: 1 } as const;

/** Model calls each stage makes per speaker (the offline engine counts like a vendor would). */
export const STAGE_MODEL_CALLS = { prequalify: 1, enrich: 1, qualify: 1, research: 1, draft: 1 } as const;

export const chargeReference = (stage: keyof typeof STAGE_CREDITS, speakerId: string): string => `${stage}:${speakerId}`;

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature scheme of every body Greenroom signs (SPEC part 6): header
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, keyed with
 * the endpoint's signing secret. It is Stripe's scheme under another header name, so
 * receivers can use a Stripe-style verifier.
 */
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** Receivers refuse a signature older than this (SPEC part 8). */
export const SIGNATURE_TOLERANCE_S = 300;

export function signatureFor(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type Verdict = { ok: true; t: number } | { ok: false; reason: string };

/** Checks a header against the raw body: constant-time compare, and the age window. */
export function verifySignature(secret: string, body: string, header: string | undefined, nowSeconds: number, toleranceS = SIGNATURE_TOLERANCE_S): Verdict {
  if (!header) return { ok: false, reason: 'missing signature header' };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const [k, v] = piece.split('=', 2).map((s) => s.trim());
    if (k && v) parts.set(k, [...(parts.get(k) ?? []), v]);
  }
  const t = Number(parts.get('t')?.[0]);
  const candidates = parts.get('v1') ?? [];
  if (!Number.isInteger(t) || candidates.length === 0) return { ok: false, reason: 'malformed signature header' };
  if (Math.abs(nowSeconds - t) > toleranceS) return { ok: false, reason: 'signature timestamp outside the tolerance window' };
  const expected = Buffer.from(signatureFor(secret, body, t).split('v1=')[1] as string, 'hex');
  const match = candidates.some((c) => {
    const given = Buffer.from(c, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true, t } : { ok: false, reason: 'signature does not match the body' };
}

import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../core/canonical.js';

/** A random bearer secret: a prefix naming what it is, then 32 random bytes. */
export function randomToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Long random secrets are stored as their SHA-256; nothing can be guessed from it. */
export const hashToken = (token: string): string => sha256(token);

/**
 * Short codes a person types (about 40 bits) are keyed with the instance secret, so a
 * copy of the database alone does not let anyone try every code offline.
 */
export function hashCode(secret: Buffer, purpose: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\0${normalizeCode(code)}`)
    .digest('hex');
}

/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** Shown as ABCD-EFGH; typed in any case, with or without the dash or spaces. */
export const formatCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;
export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

export function sign(secret: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

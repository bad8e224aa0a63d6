import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (webhook signing secrets, sending-tool credentials) are sealed
 * with the instance key: AES-256-GCM, a fresh 12-byte nonce each time, and a purpose
 * bound in as associated data so a value sealed for one use never opens as another.
 * Stored form: "v1." + base64url(nonce | tag | ciphertext).
 */
const VERSION = 'v1';

function keyFor(secret: Buffer): Buffer {
  // The instance secret may be any length (GREENROOM_SECRET is text); derive 32 bytes.
  return createHash('sha256').update('greenroom sealed v1\0').update(secret).digest();
}

export function seal(secret: Buffer, purpose: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), nonce);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was sealed under another key or purpose, or was altered. */
export function unseal(secret: Buffer, purpose: string, sealed: string): string {
  const [version, payload] = sealed.split('.', 2);
  if (version !== VERSION || !payload) throw new Error('sealed value has an unknown format');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < 28) throw new Error('sealed value is truncated');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

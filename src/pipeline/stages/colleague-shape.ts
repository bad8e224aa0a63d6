import { stableHash } from '../../engine/offline/text.js';

/**
 * A text with the recipient's name taken out, hashed, so "Hi Ana, …" and "Hi Ben, …"
 * compare equal. Kept as hashes: a large company's every message held as text would cost
 * megabytes; two texts sharing a hash by chance only cost one more wording.
 */
export function shape(content: string, name: string): number {
  let out = content;
  for (const part of name.split(/\s+/).filter((p) => p.length > 1)) out = out.split(part).join('\u0000');
  return stableHash(out);
}

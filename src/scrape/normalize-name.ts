/**
 * What a displayed name holds besides the person: "Andreea Belu (EDRi)" names her
 * organisation, "Jean-François Baffier (azzaare@github)" a username, and schedules list
 * some people only by an e-mail address or a handle ("bigalex", "@pkoerner81929").
 * A handle or an address is not a name: nobody greets "Hi Bigalex".
 */

export interface NameParts {
  name: string;
  /** An organisation the name carried, in parentheses or after a slash. */
  company: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[\p{L}]{2,}$/u;
const HANDLE_CHARS = /[@_\d]|^[^\s]*\.[^\s]*$/;
const PERSON_WORD = /^\p{Lu}[\p{Ll}'’-]+$/u;
const ORG_HINT =
  /\p{Lu}.*\p{Lu}|\d|\b(?:lab|labs|university|universität|institute|foundation|group|team|project|inc|ltd|gmbh|e\.v\.?|network|society|association|company|corp)\b/iu;

/** An e-mail address, used by some schedules in place of a name. */
export function isEmailName(name: string): boolean {
  return EMAIL.test(name.trim());
}

/**
 * A username rather than a person's name: one word in lower case ("bigalex"), in
 * camelCase ("HonkHase") or in capitals ("RND"), or one with digits, "@" or "_".
 * Capitalising such a word ("Bigalex") invents a name, so it is kept as written.
 */
export function isHandleName(name: string): boolean {
  const n = name.trim();
  if (!n) return false;
  if (isEmailName(n) || n.startsWith('@')) return true;
  if (/\s/.test(n)) return false;
  if (HANDLE_CHARS.test(n)) return true;
  return n === n.toLowerCase() || /\p{Ll}\p{Lu}/u.test(n) || (n.length > 1 && n === n.toUpperCase());
}

/**
 * "Ines Okafor - @byteshift", "Ines Okafor @byteshift", "Ines - (ByteShift)", "Ines aka byteshift": a handle
 * written after the name, after a dash, in brackets or after "aka", is the person's account, not their name.
 * The name before it stays as written; a handle alone is left for isHandleName.
 */
const TRAILING_HANDLE = /^(\S.*?)(?:(?:\s*[-–—|/,]\s*|\s+)@[\p{L}\p{N}_.]+|\s*[-–—]\s*\([^()\s]+\)|\s+(?:aka|a\.k\.a\.?)\s+@?[^\s()]+)$/iu;

export function withoutHandle(raw: string): string {
  const name = raw.trim();
  if (isEmailName(name)) return name;
  return TRAILING_HANDLE.exec(name)?.[1]?.trim() ?? name;
}

/** "Michael Savastio": two or three capitalised words, as a person's full name is written. */
function readsAsPersonName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 3 && words.every((w) => PERSON_WORD.test(w));
}

/**
 * Splits a trailing "(…)" or " / …" off a name. A full person's name there is the real
 * name ("Expanding Man (Michael Savastio)"); an address or handle is dropped; anything else
 * with the look of an organisation is the company. A nickname in the middle ("Xiu-zhe
 * (Roger) Luo") is left alone.
 */
export function splitNameAndOrg(raw: string): NameParts {
  const name = withoutHandle(raw);
  const paren = /^(.+?)\s*\(([^()]+)\)$/.exec(name);
  if (paren) {
    const [, before, inner] = paren as unknown as [string, string, string];
    const aside = inner.trim();
    if (/@|^[\p{Ll}\d_.-]+$/u.test(aside)) return { name: before.trim(), company: null };
    if (readsAsPersonName(aside)) return { name: aside, company: null };
    if (ORG_HINT.test(aside)) return { name: before.trim(), company: aside };
    // One plain word is as likely a nickname ("Tobias (Tobi)") as an employer: it is dropped.
    if (!/\s/.test(aside)) return { name: before.trim(), company: null };
    return { name, company: null };
  }
  const slash = /^(.+?)\s+\/\s+(.+)$/.exec(name);
  if (slash && readsAsPersonName(slash[1] as string) && /\p{Lu}/u.test(slash[2] as string)) {
    return { name: (slash[1] as string).trim(), company: (slash[2] as string).trim() };
  }
  return { name, company: null };
}

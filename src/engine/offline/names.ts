/**
 * The name a message greets its reader by. Every draft and rewrite asks here, so a given
 * name that extraction reads off the page (`givenName`) or an order it knows
 * (`surnameFirst`) changes every greeting at once.
 */
import type { SpeakerInput } from '../types.js';
import { firstName, fold, squash } from './text.js';

const WORD = /[\p{L}'’-]+/gu;

/**
 * "Hallade Xavier" whose bio opens "Xavier Hallade is a software engineer": the page
 * put the surname first, and the bio says which word is the given name.
 */
function bioReversesName(name: string, bio: string | null): boolean {
  const words = name.match(WORD) ?? [];
  if (words.length !== 2 || !bio) return false;
  const text = fold(bio);
  const [a, b] = words.map(fold) as [string, string];
  return text.includes(`${b} ${a}`) && !text.includes(`${a} ${b}`);
}

function reorder(name: string): string {
  const words = squash(name).split(' ');
  return words.length < 2 ? name : `${words[words.length - 1]} ${words.slice(0, -1).join(' ')}`;
}

/** A name in Chinese, Japanese or Korean script: no Latin given name to pick out of it. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u00b7\u30fb\s]+$/u;

export function greetingName(s: Pick<SpeakerInput, 'name' | 'bio' | 'givenName' | 'surnameFirst'>): string {
  const given = squash(s.givenName ?? '');
  if (given) return firstName(given);
  // "王鹏": greeted by the name as the page gives it, never "there".
  const whole = squash(s.name);
  if (whole && CJK_NAME.test(whole)) return whole;
  if (s.surnameFirst || bioReversesName(s.name, s.bio)) return firstName(reorder(s.name));
  return firstName(s.name);
}

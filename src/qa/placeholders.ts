/**
 * Template placeholders left in a draft: mail-merge tokens in the syntaxes the
 * common sending tools and model prompts use.
 */

const PATTERNS: RegExp[] = [
  /\{\{[^{}\n]{0,60}\}\}/, // {{first_name}}, {{ company }}
  /\{\s*!?[A-Za-z_][\w .-]{0,40}\}/, // {first_name}, {!Contact.FirstName}
  /\$\{[^}\n]{0,60}\}/, // ${name}
  /(?<!\d)%[A-Za-z_][A-Za-z_ ]{0,30}%/, // %NAME%, %first name%; not "30% ... 40%"
  /\[\[[^\]\n]{1,60}\]\]/, // [[name]]
  /\[(?!sic\])[A-Za-z][A-Za-z0-9 _'./&-]{0,50}\](?!\()/i, // [First Name], [your name]; not markdown links
  /<(?!(?:https?:|mailto:|\/?(?:a|b|i|u|p|br|em|div|span|strong|ul|ol|li)\b))[A-Za-z][A-Za-z0-9 _.-]{0,40}>/, // <company>
  /\b[A-Z]{2,}(?:_[A-Z]+)+\b/, // FIRST_NAME, COMPANY_NAME
  /__[A-Za-z][A-Za-z_]*__/, // __NAME__
  /\bX{3,}\b/, // XXX left for a number
  /\b(?:INSERT|TODO|TBD|FIXME)\b/, // editor notes in capitals
  /\b(?:insert|your|their|recipient'?s?|speaker'?s?|prospect'?s?)[ _](?:first[ _])?(?:name|company|title)[ _]here\b/i,
];

/** The first placeholder found, or null. */
export function findPlaceholder(text: string): string | null {
  for (const re of PATTERNS) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}

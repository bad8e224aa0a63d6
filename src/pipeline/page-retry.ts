/**
 * Which page failures are worth trying again when a paused run resumes: the host was
 * slow, unreachable or said so itself (HTTP 408, 425, 429, 5xx). A page that answered
 * 404, was refused by the URL guard, was too large or held no speakers fails the same
 * way again; a new run (or the page's fix) is what helps there.
 */
const RETRYABLE: readonly RegExp[] = [/^timed out after /, /^network error\b/, /^could not resolve /, /\banswered HTTP (408|425|429|5\d\d)\b/];

export function retryablePageError(error: string | null): boolean {
  return error !== null && RETRYABLE.some((re) => re.test(error));
}

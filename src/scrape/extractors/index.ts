/**
 * Every extractor the dispatcher consults, in tie-break order. Adding one is one
 * import and one entry. Scores: platform extractors answer 0.8–1 on their
 * documented structure, generic ones stay at or below 0.3 so they only win
 * when nothing specific recognises the page.
 */
import type { Extractor } from '../types.js';

export const extractors: Extractor[] = [
];

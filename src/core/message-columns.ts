import { jsonColumn } from '../../db/cast.js';
import type { storedHint } from '../qa/codes.js';

/** The JSON columns of a message row (hard_fails: db/cast.ts hardFailCodes), each read through one codec typed as it is written. */
export const qaFlagsColumn = jsonColumn<string[]>([]);
export const qaReasonsColumn = jsonColumn<string[]>([]);
/** The QA gate's fix hints as stored; older rows read through storedHint. */
export const fixHintsColumn = jsonColumn<Array<Parameters<typeof storedHint>[0]>>([]);

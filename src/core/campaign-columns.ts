import { jsonColumn } from '../../db/cast.js';
import type { Icp } from '../../schemas/fields.js';

/** The JSON columns of a campaign row, each read through one codec typed as it is written. */

/** The campaign's style memory: texts sent from it, drafts learn its voice from. */
export const styleColumn = jsonColumn<{ exemplars?: string[] }>({});
/** Validated on write; an older row may lack a list (core/campaigns.ts parseIcp fills it). */
export const icpColumn = jsonColumn<Partial<Icp>>({});

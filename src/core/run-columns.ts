import { jsonColumn } from '../../db/cast.js';
import type { StageFailures } from './run-failures.js';

/** The JSON columns of a run row, each read through one codec typed as it is written. */

/** The pages a retried run scrapes again, with the error each failed with; null for a first run. */
export const retriedPagesColumn = jsonColumn<Array<{ url: string; error: string }> | null>(null);
/** A finished run's model failures per stage; null when there were none. Rows written before rate_limit_wait_ms lack it. */
export const failuresColumn = jsonColumn<Array<Partial<StageFailures>> | null>(null);

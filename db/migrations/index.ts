import type { Migration } from 'kysely';
import * as m001 from './001-init.js';
import * as m002 from './002-pipeline.js';
import * as m003 from './003-webhooks.js';
import * as m004 from './004-senders.js';
import * as m005 from './005-auth.js';
import * as m006 from './006-spend.js';
import * as m007 from './007-intent.js';
import * as m008 from './008-event-name.js';
import * as m009 from './009-model-error-stage.js';

/** Explicit map of migrations, in order; never globbed at run time. */
export const migrations: Record<string, Migration> = {
  '001-init': m001,
  '002-pipeline': m002,
  '003-webhooks': m003,
  '004-senders': m004,
  '005-auth': m005,
  '006-spend': m006,
  '007-intent': m007,
  '008-event-name': m008,
  '009-model-error-stage': m009,
};

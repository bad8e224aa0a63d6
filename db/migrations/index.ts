import type { Migration } from 'kysely';
import * as m001 from './001-init.js';
import * as m002 from './002-pipeline.js';
import * as m005 from './005-auth.js';

/** Explicit map of migrations, in order; never globbed at run time. */
export const migrations: Record<string, Migration> = {
  '001-init': m001,
  '002-pipeline': m002,
  '005-auth': m005,
};

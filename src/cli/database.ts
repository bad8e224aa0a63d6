import fs from 'node:fs';
import path from 'node:path';
import { dbLabel, processOnlyText, type Config } from '../config.js';
import { err } from './output.js';

/**
 * Every command that opens the database says which one, on stderr (stdout stays the
 * command's answer, and the protocol for stdio), so a command run against the wrong
 * database is seen at once.
 */
export function announceDb(config: Config): void {
  const settings = config.settingsFile && fs.existsSync(config.settingsFile) ? `; settings from ${config.settingsFile}` : '';
  err(`greenroom: database ${dbLabel(config)}${settings}`);
  // The default used to be ./data/greenroom.db in the folder a command ran in.
  const old = path.resolve('data', 'greenroom.db');
  if (!config.sources.GREENROOM_DB && !config.databaseUrl && old !== config.dbPath && fs.existsSync(old)) {
    err(`greenroom: a database also exists at ${old} (the former default); set GREENROOM_DB=${old} to use it`);
  }
}

/**
 * For a process that drives runs (stdio): the run settings it alone has, from its
 * environment, which the other processes on the database do not see.
 */
export function announceProcessOnly(config: Config): void {
  const only = processOnlyText(config);
  if (only) err(`greenroom: set for this process only: ${only}; other processes on this database run without them: put them in ${config.settingsFile}`);
}

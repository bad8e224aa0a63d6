import { dbLabel, describeSettings, processOnlyText, type Config } from '../config.js';
import fs from 'node:fs';
import { out } from './output.js';
import type { ParsedArgs } from './args.js';

/** `greenroom config`: each setting's effective value and where it came from; secrets masked. */
export async function configCommand(config: Config, { values }: ParsedArgs): Promise<void> {
  const settings = describeSettings(config);
  const file = config.settingsFile;
  const fileState = file ? (fs.existsSync(file) ? 'read' : 'not present; create it to share settings between processes') : 'none (in-memory database)';
  if (values.json) {
    const processOnly = config.processOnly.map((s) => ({ name: s.name, in_settings_file: s.inSettingsFile }));
    const present = file !== null && fs.existsSync(file);
    out(JSON.stringify({ database: dbLabel(config), settings_file: file, settings_file_present: present, settings, process_only: processOnly }, null, 2));
    return;
  }
  out(`database       ${dbLabel(config)}`);
  out(`settings file  ${file ?? '-'} (${fileState})`);
  out('');
  const width = Math.max(...settings.map((s) => s.name.length)) + 2;
  for (const s of settings) out(`${s.name.padEnd(width)}${(s.value || '(empty)').padEnd(40)}  ${s.source}`);
  const only = processOnlyText(config);
  if (only) {
    out('');
    out(`This process only: ${only}.`);
    out(`They change what a run does and come from this environment alone; put them in ${file} so every process on this database has them.`);
  }
}

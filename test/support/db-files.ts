import fs from 'node:fs';
import path from 'node:path';

// What reaches a database: opening one, an instance, or a greenroom child process.
const REACHES_DB = /db\/index\.js|src\/instance\.js|bin\/greenroom|support\/pg\.js/;

/**
 * Whether a test file reaches a database, directly or through the test helpers it
 * imports. The PostgreSQL run (npm run test:pg) runs only these: a test that never
 * opens a database (an extractor, a QA check) proves nothing new on a second backend.
 */
export function reachesDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  if (REACHES_DB.test(text)) return true;
  for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
    const target = path.resolve(path.dirname(file), `${spec}.ts`);
    if (target.includes(`${path.sep}test${path.sep}`) && fs.existsSync(target) && reachesDatabase(target, seen)) return true;
  }
  return false;
}

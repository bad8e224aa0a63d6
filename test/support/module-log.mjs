// Given to a child process as `node --import`: appends the URL of every ES module the
// process loads to the file named by GREENROOM_TEST_MODULE_LOG.
import fs from 'node:fs';
import process from 'node:process';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let file = '';

export function initialize(data) {
  file = data;
}

export async function load(url, context, next) {
  fs.appendFileSync(file, `${url}\n`);
  return next(url, context);
}

if (isMainThread && process.env.GREENROOM_TEST_MODULE_LOG) register(import.meta.url, { data: process.env.GREENROOM_TEST_MODULE_LOG });

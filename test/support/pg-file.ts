import { afterAll } from 'vitest';
import { dropAllCreated } from './pg.js';

// Every test file drops the PostgreSQL databases it made once it is done.
afterAll(dropAllCreated);

import { afterAll } from 'vitest';
import { forgetDatabase } from '../../src/lib/db/db.server.ts';

/**
 * Set up for each file of the project whose files share their worker's modules: after the
 * file (its own hooks run first), the process-wide database it may have pointed elsewhere
 * with setConnector is forgotten, so the next file starts as if the module were new.
 */
afterAll(() => forgetDatabase());

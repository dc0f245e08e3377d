import path from 'node:path';
import { z } from 'zod';
import { concern } from './concern';
import { optionalText } from './fields';

/** Where the data lives: the database, and the folder for what is kept on this machine. */
export const database = concern({
  env: {
    DATABASE_URL: optionalText,
    DATA_DIR: z.string().default('./data'),
  },
  config: (e) => ({
    /** Unset: embedded PGlite under dataDir/db. */
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
  }),
});

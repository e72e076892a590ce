/** A server's start-up as far as the database goes: open it (migrating it), then close. `node --import tsx tests/support/open-database.ts <DATABASE_URL>` */
import { openDatabase } from '../../server/db/database';

const database = await openDatabase(process.argv[2] ?? '');
await database.close();

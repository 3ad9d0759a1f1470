/**
 * A process that holds a PGlite folder as the server does (openDatabase: the folder's lock, docs/decisions/080), for
 * the tests of the lock and of backups: `tsx tests/helpers/hold-pglite.ts <folder>` prints "open" once it has it,
 * then waits until it is killed.
 */
import { openDatabase } from "../../app/platform/db/client.server";

const database = await openDatabase({ pgliteDir: process.argv[2] });
await database.ping();
process.stdout.write("open\n");
setInterval(() => undefined, 60_000);

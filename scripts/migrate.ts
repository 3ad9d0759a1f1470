/** `npm run db:migrate`: applies pending SQL migrations to the configured database (DATABASE_URL or PGlite). */
import { migrateDatabase } from "../app/platform/db/client.server";
import { getEnv } from "../app/platform/config/env.server";
import { openScriptDatabase } from "./cli";

const env = getEnv();
const database = await openScriptDatabase();
await migrateDatabase(database);
await database.close();
console.log(`migrated ${database.kind === "postgres" ? "PostgreSQL" : `PGlite at ${env.pgliteDir}`}`);

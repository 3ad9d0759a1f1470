/**
 * `npm run admin:grant -- +963944123456`: gives an existing account the admin role. The number may
 * also be typed nationally for Syria (0944 123 456). Exits with 1 when no account has that number.
 */
import { grantAdmin } from "../app/features/accounts/admin-bootstrap.server";
import { openScriptDatabase } from "./cli";

const typed = process.argv.slice(2).join(" ").trim();
if (!typed) {
  console.error("usage: npm run admin:grant -- +963944123456");
  process.exit(2);
}
const database = await openScriptDatabase();
const id = await grantAdmin(database.db, typed);
await database.close();
if (id === null) {
  console.error(`no account has the number ${typed}`);
  process.exit(1);
}
console.log(`account ${id} (${typed}) is now an admin`);

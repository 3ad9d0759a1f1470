/**
 * `npm run worker` (decision 028): runs the background job worker alone, against DATABASE_URL (a
 * PostgreSQL shared with the web processes, which may run theirs too, or not with WORKER=off). Migrates the
 * database first, like the server. Refuses to start without DATABASE_URL: the embedded PGlite database belongs to
 * the one web process, whose own worker runs its jobs. SIGTERM or SIGINT stops it gracefully: the job being run
 * finishes, jobs claimed but not started go back to the queue.
 */
import { getDatabase } from "../app/platform/db/db.server";
import { startAppWorker } from "../app/features/jobs/job-tasks.server";
import { getEnv } from "../app/platform/config/env.server";

const env = getEnv();
if (!env.DATABASE_URL) {
  process.stderr.write(
    "npm run worker needs DATABASE_URL (postgres://…): with the embedded database the web process runs the jobs\n",
  );
  process.exit(1);
}
const database = await getDatabase();
const worker = startAppWorker(database);
process.stdout.write(`[jobs] worker ${worker.id} started\n`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`[jobs] worker ${worker.id} stopping (${signal})\n`);
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

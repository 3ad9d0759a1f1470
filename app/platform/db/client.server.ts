import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { lockPgliteDir } from "./pglite-lock.server";
import * as schema from "./schema";

/** A drizzle database on either driver; models take this and never know which one it is. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of either driver (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Listens to a notification channel (PostgreSQL's LISTEN; see `Listener`). On PostgreSQL a connection of its own
   * is kept open and made again after it is lost.
   */
  listen(channel: string, handlers: ListenHandlers): Listener;
  /** The connections of this process to the database now (the metrics listener reports them: server/metrics.ts). */
  connections(): Connections;
  close(): Promise<void>;
};

/**
 * The connections of a process's pool (pg's Pool `totalCount`, `idleCount`, `waitingCount`): `open` connections,
 * of which `inUse` run a query or a transaction, and `waiting` queries waiting for one (the pool holds at most
 * 10). PGlite is one in-process session: 1 open, none in use or waiting (its queries queue inside it, unseen).
 */
export type Connections = { open: number; inUse: number; waiting: number };

/** What a listener reports: a notification's payload, and when it starts or stops hearing notifications. */
export type ListenHandlers = {
  notify(payload: string): void;
  /** Listening (again): notifications sent while it was not were missed. */
  listening(): void;
  /** Not listening any more (connection lost); `listening` follows when it is back. */
  lost(): void;
};

export type Listener = {
  /**
   * Resolves once every notification committed before the call has been handed to `notify` (a round trip on the
   * listening connection: PostgreSQL delivers notifications before the answer to a later query). Rejects while not
   * listening.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

/** Wait between attempts to listen again after the connection was lost, in milliseconds. */
const RELISTEN_DELAY_MS = 500;

/**
 * A LISTEN on a connection of its own (outside the pool, which would hand it to queries), made again every
 * RELISTEN_DELAY_MS while the server cannot be reached.
 */
function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Listener {
  let client: pg.Client | null = null;
  let ready = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    const drop = () => {
      if (client !== next) return;
      client = null;
      if (ready) handlers.lost();
      ready = false;
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    };
    client = next;
    next.on("error", drop);
    next.on("end", drop);
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (client !== next || closed) return;
      ready = true;
      handlers.listening();
    } catch {
      drop();
    }
  };
  void connect();
  // One round trip at a time on the listening connection: posts answered together each wait for their own, sent
  // after the one before (pg deprecates a query sent while another runs on the same client).
  let syncs: Promise<unknown> = Promise.resolve();
  return {
    async sync() {
      const current = client;
      if (!current || !ready) throw new Error(`not listening on ${channel}`);
      const roundTrip = syncs.then(() => current.query("select 1"));
      syncs = roundTrip.catch(() => undefined);
      await roundTrip;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
}

/** A LISTEN on PGlite: notifications of its one session are handed over after the query that committed them. */
function listenPglite(pglite: PGlite, channel: string, handlers: ListenHandlers): Listener {
  const unsubscribe = pglite
    .listen(channel, (payload) => handlers.notify(payload))
    .then((stop) => {
      handlers.listening();
      return stop;
    });
  return {
    async sync() {
      await unsubscribe;
    },
    async close() {
      await (await unsubscribe)().catch(() => undefined);
    },
  };
}

/** Folder of the SQL migrations made by drizzle-kit (never edit an applied one). */
export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/platform/db/migrations");

/**
 * Settings of every connection to PostgreSQL (`pg`'s `options`, sent at connect): JIT compilation off. PostgreSQL
 * compiles a plan whose estimated cost passes jit_above_cost (100,000), such as a search's count that the planner
 * expects to read the whole table; the compilation takes 20 to 40 ms and no statement_timeout interrupts it, so a
 * count with a 4 ms budget took 26 to 41 ms at 1,000,000 listings (decision 068). Statements of this site read a few
 * index pages each, where compiled expressions never pay for their compilation.
 */
export const CONNECTION_OPTIONS = "-c jit=off";

/** Connections each process's PostgreSQL pool opens at most (the render pool is sized within it: decision 077). */
export const POOL_CONNECTIONS = 10;
/**
 * Connections of the second pool, for reads with settings (readWithSettings, decision 098) at most: a render makes
 * its budgeted reads one after the other, and half the renders at once are between two of them.
 */
export const SETTINGS_POOL_CONNECTIONS = 5;

/**
 * A `pg` pool of at most `max` connections to `url`. connectionTimeoutMillis: while the server is down, a request fails
 * within 3 s (and answers 503) instead of waiting for a connection forever. A connection that the server closes
 * (restart, failover, `pg_ctl stop -m immediate`) must not crash the process: `pool.on("error")` covers idle clients
 * only, so every client gets its own listener when it is made, which stays while drizzle's transaction() holds it. The
 * query in flight fails (that request answers 503), the pool drops the broken client and opens a new one next time.
 */
function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 3_000, options: CONNECTION_OPTIONS });
  pool.on("error", (error) => console.warn(`PostgreSQL connection closed: ${error.message}`));
  pool.on("connect", (client) => {
    client.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  });
  return pool;
}

/**
 * Opens the database: PostgreSQL through `pg` when `url` is given, else PGlite with its data in `pgliteDir`
 * (in memory when `pgliteDir` is `memory://`). The single place where the driver is chosen.
 */
export async function openDatabase(options: { url?: string; pgliteDir: string }): Promise<Database> {
  if (options.url) {
    const pool = openPool(options.url, POOL_CONNECTIONS);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const settingsPool = openPool(options.url, SETTINGS_POOL_CONNECTIONS);
    (db as DbWithSettingsPool)[SETTINGS_POOL] = settingsPool;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      listen: (channel, handlers) => listenPostgres(options.url!, channel, handlers),
      connections: () => ({
        open: pool.totalCount,
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await Promise.all([pool.end(), settingsPool.end()]);
      },
    };
  }
  return fromPglite(await openPglite(options.pgliteDir));
}

/**
 * Opens the PGlite client of `dir` (creating its parent folder; `memory://` for none) with the app's PostgreSQL
 * settings. `loadDataDir` fills an empty `dir` from a dump made by `dumpDataDir` (restoring a backup).
 * The one place a PGlite folder is opened: it takes the folder's lock first (lockPgliteDir, docs/decisions/080),
 * released when the client is closed or the process exits. Throws DatabaseInUseError when another process (or this
 * one) has the folder open.
 */
export async function openPglite(dir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const settings = { startParams: PGLITE_START_PARAMS, loadDataDir: options.loadDataDir };
  if (dir.startsWith("memory://")) return PGlite.create(dir, settings);
  const lock = lockPgliteDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, settings);
  } catch (error) {
    lock.release();
    throw error;
  }
  const close = client.close.bind(client);
  client.close = async () => {
    try {
      await close();
    } finally {
      lock.release();
    }
  };
  return client;
}

/**
 * PostgreSQL settings of the embedded database. PGlite keeps PostgreSQL's default
 * `shared_buffers` of 128 MB inside its WebAssembly memory, which grew that memory from 128 to 189 MiB; the server
 * held 475 MB resident after a restart with it and 300 MB with 16 MB (docs/development.md), for a demo database of 13 MB
 * (100,000 listings: a few hundred MB, read through the operating system's file cache anyway). 16 MB keeps the
 * WebAssembly memory at its fixed minimum of 128 MiB (`initialMemory` cannot go lower: the module itself asks for
 * 2,048 pages). Given as start parameters, not `postgresqlconf`, which would rewrite the data directory's
 * postgresql.conf.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** Wraps an open PGlite client (used by tests that clone a migrated base database). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    connections: () => ({ open: 1, inUse: 0, waiting: 0 }),
    close: () => client.close(),
  };
}

/** Applies every pending migration of MIGRATIONS_FOLDER. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** SQLSTATE codes and Node socket errors that mean "the database cannot be reached now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** Messages of `pg` and `pg-pool` for a lost or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection is closed",
  "the database system is",
];

/**
 * True when `error` (or one of its `cause`s, as drizzle wraps driver errors) says the database cannot be reached:
 * a lost or refused connection, a server shutting down or starting, class 08 (connection exception) SQLSTATEs.
 * Such a failure is temporary: the request answers 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}

/**
 * The database's own message of `error` for a log line: drizzle wraps a failed statement as "Failed query: <sql>
 * params: <values>" with the driver's error as its `cause`, and the values may be personal (a phone number, an SMS's
 * text), so the message of the innermost `cause` is taken (at most 5 deep); any other error gives its own message.
 */
export function databaseMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * True when `error` (or one of its `cause`s) is PostgreSQL's query_canceled (SQLSTATE 57014): a statement stopped by
 * its `statement_timeout` (decision 043: a search's count cut by its time budget) or cancelled by an operator.
 */
export function isQueryCanceled(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === "57014") return true;
    current = cause;
  }
  return false;
}

/**
 * The second pool of each PostgreSQL database opened here, kept on its `db`: connections lent only to
 * readWithSettings, whose session settings are whatever the last read on them set (never the defaults the main pool's
 * statements rely on). A property under a registered symbol rather than a map of this module: server.ts and the Remix
 * build each have their own copy of this module, and the build's reads get the `db` that server.ts opened.
 */
const SETTINGS_POOL = Symbol.for("aqar.db.settingsPool");
type DbWithSettingsPool = Db & { [SETTINGS_POOL]?: pg.Pool };
/**
 * On each connection of a settings pool: the settings it has now (`name=value` pairs joined) and its drizzle
 * instance (on the connection, for the reason SETTINGS_POOL is on the `db`).
 */
const APPLIED_SETTINGS = Symbol.for("aqar.db.appliedSettings");
type SettingsConnection = pg.PoolClient & { [APPLIED_SETTINGS]?: { key: string; db: Db } };

/**
 * Runs `work`, which only reads, with PostgreSQL's settings `settings` (name to value, e.g. `statement_timeout` to
 * "3", in milliseconds) in force for its statements, in as few round trips as possible (decision 098): on a PostgreSQL
 * database opened by openDatabase, on a connection of its settings pool, with the settings made session settings by
 * one statement only when that connection does not have them already, and no transaction around the read (a
 * transaction with local settings costs BEGIN, the settings and COMMIT: three round trips for one read, each of which
 * waits a turn of a busy event loop). Elsewhere (PGlite, a transaction given as `db`), in a transaction with the
 * settings local to it. Resolves with `work`'s result; rejects with its errors, among them PostgreSQL's 57014 when a
 * `statement_timeout` stopped a statement (isQueryCanceled).
 */
export async function readWithSettings<T>(
  db: Db,
  settings: Record<string, string>,
  work: (reader: Db) => Promise<T>,
): Promise<T> {
  const entries = Object.entries(settings);
  const pool = (db as DbWithSettingsPool)[SETTINGS_POOL];
  if (!pool) {
    return db.transaction(async (tx) => {
      if (entries.length > 0) {
        await tx.execute(
          sql`select ${sql.join(
            entries.map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
            sql`, `,
          )}`,
        );
      }
      return work(tx as unknown as Db);
    });
  }
  const connection: SettingsConnection = await pool.connect();
  let broken: Error | undefined;
  try {
    const key = entries.map(([name, value]) => `${name}=${value}`).join(" ");
    let applied = connection[APPLIED_SETTINGS];
    if (applied?.key !== key) {
      // Known before the statement runs: a statement that fails leaves the connection's settings unknown.
      delete connection[APPLIED_SETTINGS];
      // Values as literals (pg's escapeLiteral): a statement without parameters, so one round trip on the simple protocol.
      const calls = entries.map(
        ([name, value]) => `set_config(${connection.escapeLiteral(name)}, ${connection.escapeLiteral(value)}, false)`,
      );
      await connection.query(calls.length > 0 ? `select ${calls.join(", ")}` : "reset all");
      applied = { key, db: applied?.db ?? (drizzlePg(connection) as unknown as Db) };
      connection[APPLIED_SETTINGS] = applied;
    }
    return await work(applied.db);
  } catch (error) {
    // A lost connection is closed by the pool rather than lent again; a stopped statement leaves it as it was.
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    connection.release(broken);
  }
}

/**
 * True when `db` is on a PostgreSQL server (through `pg`), which stops a statement at its `statement_timeout`; PGlite
 * has no timer in its WebAssembly build and never does (decision 043).
 */
export function stopsStatementsOnTime(db: Db): boolean {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof pg.Client;
}

/** Thrown by `transactionWithin` when its work ran past the time limit. */
export class TimeLimitError extends Error {
  constructor(readonly ms: number) {
    super(`time limit of ${ms} ms exceeded`);
    this.name = "TimeLimitError";
  }
}

/**
 * Runs `work` in a transaction that is given up after `ms` milliseconds (decision 047: a background job's time
 * limit). When the time is up, `work` is no longer waited for, its transaction is rolled back, and whatever `work`
 * still sends to the database later fails instead of running elsewhere: on PostgreSQL the transaction has a
 * connection of its own, which is closed (the server rolls back), and each of its statements is stopped by a
 * `statement_timeout` of `ms`, so that a statement waiting for a lock does not keep the transaction's locks; on
 * PGlite the rolled-back transaction refuses later queries ("Transaction is closed"). Work that never gives the
 * event loop back (a synchronous loop) cannot be stopped from the same process. Resolves with `work`'s result;
 * rejects with `work`'s error or with TimeLimitError.
 */
export async function transactionWithin<T>(db: Db, ms: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let timedOut = false;
    try {
      const own = drizzlePg(connection, { schema }) as unknown as Db;
      return await raceTimeLimit(
        own.transaction(async (tx) => {
          await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
          return work(tx);
        }),
        ms,
      );
    } catch (error) {
      timedOut = error instanceof TimeLimitError;
      throw error;
    } finally {
      // Released with an error, the pool closes the connection instead of lending it to the next query.
      connection.release(timedOut ? new Error("transaction given up at its time limit") : undefined);
    }
  }
  return db.transaction((tx) => raceTimeLimit(work(tx), ms));
}

/** `promise`, or a TimeLimitError after `ms` ms if it has not settled by then (its later rejection is ignored). */
function raceTimeLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeLimitError(ms)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

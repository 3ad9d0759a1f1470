/**
 * The baseline's server (`npm run bench`): Express with compression(), like the product's server.ts,
 * fingerprinted assets cached for a year, and the Remix request handler. Nothing else (no helmet, no logging).
 * Run from bench/baseline after `../../node_modules/.bin/remix build`: `PORT=3901 node server.js` (127.0.0.1, port 3901 by default).
 */
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const build = await import(path.resolve("build/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
app.use(express.static("public", { maxAge: "1h", index: false }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV ?? "production" }));

const port = Number(process.env.PORT ?? 3901);
const server = app.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`baseline on http://127.0.0.1:${port}`));
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));

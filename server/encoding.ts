import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import type express from "express";

/**
 * Compression of whole documents (decision 033): pages are rendered into one buffer (entry.server.tsx), so
 * they are compressed in one synchronous call sized for them, and sent with a Content-Length. The `compression`
 * middleware stays for the other answers (JSON, streamed files); it leaves an answer that already has a
 * Content-Encoding alone. Measured on a logged-in search page of 128 KB on this 2-core machine under 32
 * connections: the middleware's brotli stream cost about 3 ms of CPU per request, one call about 0.5 ms.
 */
export type Encoding = "br" | "gzip" | "identity";

/** Bodies under this size (bytes) are sent as they are: compressing them saves less than its headers' cost. */
export const MIN_COMPRESSED_BYTES = 1_024;

/**
 * How hard a body is compressed: `kept` for a page compressed once and sent many times (the page cache: brotli 10,
 * gzip 9; on the search page 10.8 KB instead of 12.1 KB at brotli 9, for about 25 ms instead of 9 ms of one core,
 * decision 013; done in the background, off the event loop, decision 045), `rendered` for a page sent once, and for
 * the answer that fills the page cache (brotli 2 and gzip 6, about 0.5 ms and 1.3 ms for 128 KB).
 */
export type Effort = "kept" | "rendered";

const BROTLI_QUALITY: Record<Effort, number> = { kept: 10, rendered: 2 };
const GZIP_LEVEL: Record<Effort, number> = { kept: 9, rendered: 6 };

/**
 * The encoding to send a whole body in: brotli when the request accepts it, else gzip, else none. The order of the
 * request's list is not a preference (Chrome sends `gzip, deflate, br`), so brotli, the smaller, comes first.
 */
export function chooseEncoding(req: express.Request): Encoding {
  return req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
}

/** The encoding a whole body of `bytes` is sent in to a client that takes `accepted`: none under MIN_COMPRESSED_BYTES. */
export function wholeEncoding(accepted: Encoding, bytes: number): Encoding {
  return bytes < MIN_COMPRESSED_BYTES ? "identity" : accepted;
}

/** `body` compressed with `encoding` at `effort` in one call (`identity`: the same buffer). */
export function encodeWhole(body: Buffer, encoding: Encoding, effort: Effort): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (encoding === "gzip") return zlib.gzipSync(body, { level: GZIP_LEVEL[effort] });
  return body;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * encodeWhole on libuv's thread pool: the event loop goes on serving while `body` is compressed (the page cache's
 * `kept` copies, decision 045). Resolves to the compressed bytes (`identity`: the same buffer).
 */
export async function encodeWholeAsync(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === "br") {
    return brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (encoding === "gzip") return gzip(body, { level: GZIP_LEVEL[effort] });
  return body;
}

/**
 * Marks `res` as a body whose encoding was chosen here (a kept page sent as it is to a client that accepts neither
 * brotli nor gzip): the `compression` middleware must not compress it again for each request (decision 045).
 */
export function markEncoded(res: express.Response): void {
  res.locals.encoded = true;
}

/** The `compression` middleware's filter: its own rule, except for an answer markEncoded marked. */
export function compressionFilter(req: express.Request, res: express.Response): boolean {
  return res.locals.encoded !== true && compression.filter(req, res);
}

/**
 * Ends `res` with a whole rendered body, compressed for the request (`rendered` effort) unless it is under
 * MIN_COMPRESSED_BYTES, with its Content-Length and `Vary: Accept-Encoding`; a HEAD request gets the headers only.
 * The status and the other headers must be set already.
 */
export function sendWhole(req: express.Request, res: express.Response, body: Buffer): void {
  const encoding = wholeEncoding(chooseEncoding(req), body.byteLength);
  const sent = encodeWhole(body, encoding, "rendered");
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.removeHeader("Transfer-Encoding");
  res.setHeader("Content-Length", String(sent.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(sent);
}

/** True for an HTML answer that is not encoded yet (every document: entry.server.tsx renders it into one buffer). */
export function isWholeDocument(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html") && !response.headers.has("Content-Encoding");
}

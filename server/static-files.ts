import type { NextFunction, Request, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServeStaticOptions } from "serve-static";

/**
 * Static files sent precompressed (decision 014): a file with a `.br` or `.gz` copy beside it (written by
 * `npm run build`, scripts/precompress.ts) is sent as that copy when the request accepts it, brotli first, then
 * gzip; a request that accepts neither gets the file itself. Every file with copies is sent with
 * `Vary: Accept-Encoding` and the Content-Type of the file itself (express-static-gzip). `options` are
 * serve-static's (caching, fallthrough). The copies are found once, when the server starts.
 *
 * An address that cannot be percent-decoded is passed on untouched, so that it reaches the translated 400 page
 * like any other (express-static-gzip would answer it with a plain-text 400 of its own).
 */
export function precompressedStatic(root: string, options: ServeStaticOptions): RequestHandler {
  const serve = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: options,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return next();
    }
    serve(req, res, next);
  };
}

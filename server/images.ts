import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { IMAGE_CACHE_CONTROL, ImageStoreUnavailableError, type ImageStore } from "../app/platform/images/image-store.server";
import { RETRY_AFTER_SECONDS } from "./guards";

/**
 * /images/<key>: stored images streamed from the image store (decision 060), the disk folder or the bucket alike,
 * with the headers Express's static files gave them (decision 012): `Cache-Control: public, max-age=31536000,
 * immutable`, the store's ETag and Content-Length, 304 to an If-None-Match that names the ETag. A key the store does
 * not have goes on to the site's translated 404 page; a store that cannot be reached answers 503 with Retry-After
 * and no-store (the photo is not gone: a cache must not keep the failure). `onError` logs what went wrong.
 */
export function serveImages(store: ImageStore, onError: (error: unknown) => void): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.webp$/.test(key) || key.includes("..")) return next();
    let found: Awaited<ReturnType<ImageStore["get"]>>;
    try {
      found = await store.get(key, { ifNoneMatch: req.get("If-None-Match") });
    } catch (error) {
      onError(error);
      if (!(error instanceof ImageStoreUnavailableError)) return next(error);
      res
        .status(503)
        .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
        .end();
      return;
    }
    if (found === null) return next();
    res.set("Cache-Control", IMAGE_CACHE_CONTROL);
    if (found === "notModified") {
      const tag = req.get("If-None-Match");
      if (tag && !tag.includes(",")) res.set("ETag", tag);
      res.status(304).end();
      return;
    }
    res.set({ "Content-Type": found.contentType, "Content-Length": String(found.size), ETag: found.etag });
    if (found.lastModified) res.set("Last-Modified", found.lastModified.toUTCString());
    if (req.method === "HEAD") {
      found.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(found.body, res);
    } catch (error) {
      // The client went away, or the store broke off mid-way: the answer is already under way, only log it.
      if (!res.writableEnded && !req.destroyed) onError(error);
    }
  };
}

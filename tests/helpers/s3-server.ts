import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-protocol server on a free local port for tests (npm `s3rver`, decision 060): it keeps its objects in a
 * temporary folder, answers the S3 REST API (path-style addresses, SigV4 signatures with the key pair
 * S3RVER / S3RVER) and starts with one empty bucket. `env` is what the server's IMAGE_STORE=s3 needs to use it.
 */
export type S3TestServer = {
  port: number;
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The folder that holds the buckets' objects (removed by close). */
  directory: string;
  /** IMAGE_STORE=s3 and the S3_* / AWS_* variables that point the server's image store at this bucket. */
  env: Record<
    | "IMAGE_STORE"
    | "S3_ENDPOINT"
    | "S3_BUCKET"
    | "S3_REGION"
    | "AWS_ACCESS_KEY_ID"
    | "AWS_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE",
    string
  >;
  /** Stops listening (requests in flight end with it) and removes the objects' folder. */
  close(): Promise<void>;
};

/** The key pair s3rver checks signatures with. */
const S3RVER_KEY = "S3RVER";

/**
 * Starts an S3 server on 127.0.0.1 on a free port (or `options.port`, e.g. to start it again where a stopped one
 * was) with the bucket `options.bucket` (default `aqar-test-images`) created and empty.
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "aqar-test-images";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    port: address.port,
    endpoint,
    bucket,
    directory,
    env: {
      IMAGE_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The part of the `s3rver` package (a fake S3 server for Node, CommonJS, no types of its own) that
 * tests/helpers/s3-server.ts uses: an S3-protocol server on a local port with its objects in a folder.
 */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves with the address of the HTTP server. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
  }
}

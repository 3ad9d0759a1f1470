/* eslint-disable @typescript-eslint/no-explicit-any -- a PDU's fields differ by command and TLV, as the package decodes them */
/**
 * The part of the `smpp` package (SMPP 3.4 client and server, CommonJS, no types of its own) that the SMS sender
 * (app/platform/sms/sms-smpp.server.ts) and its tests use. PDU fields are named as in the SMPP 3.4 specification.
 */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  /** A decoded PDU: its header and its fields and TLVs by their specification names. */
  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: any;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
  }

  export class Session extends EventEmitter {
    constructor(options: Record<string, unknown>);
    socket: Socket;
    server?: Server;
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    [command: string]: any;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: Record<string, unknown>, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export function createServer(listener?: (session: Session) => void): Server;

  export const PDU: { new (command: string, options?: Record<string, unknown>): PDU };
  export const errors: Record<string, number>;
  export const consts: Record<string, Record<string, number>>;
  export const encodings: Record<string, { encode(value: string): Buffer; decode(value: Buffer): string }>;
  export const ESME_ROK: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
  export const ESME_RINVSYSID: number;
  export const ESME_RSYSERR: number;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    errors: typeof errors;
    consts: typeof consts;
    encodings: typeof encodings;
  };
  export default smpp;
}

import { createContext, useContext } from "react";

/** The per-request CSP nonce (made by server.ts), handed from entry.server to the root's scripts. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * The process's knowledge of changes to what visitors see (decisions 013 and 033): every write to a
 * listing, its photos, an office, an article, a place, a list, the exchange rate or an account's status sends
 * `NOTIFY page_changes` (migrations 0007 and 0009), and the page cache's listener (server/page-cache.ts) reports each
 * one here, and each time it starts or stops listening. Caches of data that visitors see (app/platform/cache/query-cache.server.ts)
 * keep what they computed under one generation and use it only while the generation is the same.
 *
 * Kept on globalThis: server.ts (with the page cache) and the Remix build (with the loaders) each hold their own copy
 * of the app's modules in the one process.
 */
declare global {
  var __visibleChanges: { generation: number; listening: boolean } | undefined;
}

function state(): { generation: number; listening: boolean } {
  globalThis.__visibleChanges ??= { generation: 0, listening: false };
  return globalThis.__visibleChanges;
}

/**
 * The generation of visible data now: a number that changes with every change heard, or null while the process does
 * not listen (no page cache, or its connection lost), when a change could go unheard and nothing may be reused.
 */
export function visibleGeneration(): number | null {
  const current = state();
  return current.listening ? current.generation : null;
}

/**
 * Reports a change (or a start or loss of listening, after which changes may have been missed): the generation moves
 * on, and `listening` says whether changes are heard from now on. Called by the page cache's listener only.
 */
export function visibleDataChanged(listening: boolean): void {
  const current = state();
  current.generation++;
  current.listening = listening;
}

/** The generation and whether changes are heard, as a render worker needs them (server/render-workers.ts). */
export type VisibleState = { generation: number; listening: boolean };

/** This process's state of visible changes now: what the page cache's listener last reported. */
export function visibleState(): VisibleState {
  const { generation, listening } = state();
  return { generation, listening };
}

/**
 * Takes the state of the thread that listens (decision 104): a render worker has no listener of its own, so each page
 * it renders comes with the main thread's state, and a kept result of an older generation is not reused. A state
 * older than the one held (messages cross) is ignored.
 */
export function adoptVisibleState(next: VisibleState): void {
  const current = state();
  if (next.generation < current.generation) return;
  current.generation = next.generation;
  current.listening = next.listening;
}

/**
 * Photos chosen on the offer form by a logged-in owner, kept in the browser's memory while the offer's fields are
 * posted, until the new post's editor sends them one by one, shrunk, each with its progress bar
 * (docs/decisions/087-typed-words-answered-where-typed.md: price and photos in the first flow). Without JavaScript
 * the offer's multipart form carries the originals instead. Nothing here runs on the server.
 */

/** The field the offer form posts instead of its photos: how many wait in the browser (the server asks for them again after a refusal). */
export const WAITING_FIELD = "photos_waiting";

/** How long chosen photos wait for their editor, in milliseconds: past it they are forgotten. */
const WAIT_MS = 10 * 60 * 1000;

let waiting: { files: File[]; at: number } | null = null;

/** Keeps `files` for the editor the offer's post leads to (replacing any kept before). */
export function keepPhotos(files: File[]): void {
  waiting = files.length ? { files, at: Date.now() } : null;
}

/** The photos kept by keepPhotos within the last WAIT_MS, and forgets them (each is sent once); [] when none. */
export function takeWaitingPhotos(): File[] {
  const kept = waiting;
  waiting = null;
  return kept && Date.now() - kept.at < WAIT_MS ? kept.files : [];
}

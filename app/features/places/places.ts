import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { useRootData } from "~/platform/ui/root-data";

/**
 * The place list of every place select, kept out of the loader data: on the server
 * the page render gets it from a per-language cache (entry.server.tsx provides PlacesContext); the browser gets it
 * once as a fingerprinted JSON file (`/places.json?lang=…&v=…`, cached for a year) that entry.client.tsx loads
 * before it hydrates a page with a place select, and that a client-side navigation loads when it first needs it.
 */
export type PlaceGroup = {
  id: number;
  name: string;
  /** The search's option for the whole governorate: "Damascus, all areas". */
  all: string;
  locations: { id: number; name: string }[];
  /**
   * Server renders only (never in the browser's file): the group's options as HTML, made once per language, with the
   * whole-governorate option first when `whole`, and the option of `selected` (the select's default value, when a
   * string) marked as React marks a select's chosen option (see LocationOptions; decision 033).
   */
  html?: (whole: boolean | undefined, selected: unknown) => string;
};

/** The server render's place list in the page language (null in the browser, which uses the loaded file). */
export const PlacesContext = createContext<PlaceGroup[] | null>(null);

let loaded: { url: string; places: PlaceGroup[] } | null = null;
let loading: { url: string; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the place list file at `url` into the browser's store (once per URL; a failed load may be tried again).
 * Never called on the server.
 */
export function loadPlaces(url: string): Promise<void> {
  if (loaded?.url === url) return Promise.resolve();
  if (loading?.url === url) return loading.promise;
  const promise = fetch(url)
    .then((res) => {
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return res.json() as Promise<{ governorates: PlaceGroup[] }>;
    })
    .then((data) => {
      loaded = { url, places: data.governorates };
      for (const listener of listeners) listener();
    })
    .finally(() => {
      loading = null;
    });
  loading = { url, promise };
  return promise;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The place list for a place select: the server's in a server render, else the loaded file's (asked for when a page
 * needs it and it is not there yet; null until then).
 */
export function usePlaces(): PlaceGroup[] | null {
  const fromServer = useContext(PlacesContext);
  const url = useRootData()?.placesUrl ?? null;
  const snapshot = () => (loaded && loaded.url === url ? loaded.places : null);
  const fromFile = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (!fromServer && !fromFile && url) loadPlaces(url).catch((error) => console.error(error));
  }, [fromServer, fromFile, url]);
  return fromServer ?? fromFile;
}

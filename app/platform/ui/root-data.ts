import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data (locale, user, saved listings, dialog, place list address…), typed by its loader. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

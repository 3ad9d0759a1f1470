import { useLocation } from "@remix-run/react";
import { pageWithoutDialog, searchWithoutDialog } from "~/platform/ui/dialog";

/**
 * The links that open and close the dialogs (URL state, decision 009), apart from the dialogs themselves
 * (Dialogs.tsx, loaded only when one opens): every card's actions use these.
 */

/** The page's address without the dialog parameters (what closing a dialog goes back to). */
export function useCloseHref(): string {
  const location = useLocation();
  return pageWithoutDialog(location.pathname, location.search);
}

/** A link that opens a dialog on the current page (URL state): the page's own address plus `params`. */
export function useDialogHref(): (params: Record<string, string | number>) => string {
  const location = useLocation();
  return (params) => {
    const search = searchWithoutDialog(location.search);
    for (const [k, v] of Object.entries(params)) search.set(k, String(v));
    return `${location.pathname}?${search}`;
  };
}

/**
 * Dialogs as URL state (decision 009): the parameters that open one, shared by the root loader that
 * builds it and the components that open and close it.
 */
export const DIALOG_PARAMS = ["dialog", "estate_id", "office_id", "for"] as const;

/** The search part of a page's address without the dialog parameters (a URLSearchParams, not yet serialised). */
export function searchWithoutDialog(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const p of DIALOG_PARAMS) params.delete(p);
  return params;
}

/** The page's address without the dialog parameters: where closing a dialog, or a post from it, goes back to. */
export function pageWithoutDialog(pathname: string, search: string): string {
  const query = searchWithoutDialog(search).toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

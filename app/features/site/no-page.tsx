import { notFound } from "~/platform/http/page.server";

/**
 * The shared parts of a route without a page of its own: the action-only routes (/save, /report,
 * /logout, /language, /app-popup: only their forms post there) and the catch-all route ($.tsx). Each re-exports
 * both, `export { loader, default } from "~/features/site/no-page"`, so opening the address is the site's not-found page.
 */

/** Opening the address (GET): the not-found page with status 404, rendered by the root error boundary. */
export function loader(): never {
  notFound();
}

/**
 * The route's component: never rendered, since the loader always throws. It is there so the route is a page route,
 * whose thrown 404 the root error boundary renders as the translated page (a route without a component is a
 * resource route, whose thrown Response would be sent as it is).
 */
export default function NoPage() {
  return null;
}

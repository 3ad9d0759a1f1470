import { notFound } from "~/utils/page.server";

/** Any other path (spec 2.1): the not-found page with status 404, rendered by the root error boundary. */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}

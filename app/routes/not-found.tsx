/** Any other path: the not-found page with status 404, rendered by the root error boundary. */
export { default, loader } from "~/features/site/no-page";

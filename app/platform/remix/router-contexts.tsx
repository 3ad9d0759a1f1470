import { UNSAFE_RemixContext } from "@remix-run/react";
import { useContext, type Context, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router-dom";

/**
 * Remix's and React Router's contexts, copied from where a component stands so that a subtree rendered on its own
 * (`renderToString` for the card cache, decision 033) renders its links and forms as it would in place. A shim over
 * the contexts Remix 2.17.5 and React Router 6.30.6 export as `UNSAFE_`, kept because the card cache earns its place
 * (docs/decisions/064-framework-shims-kept-and-dropped.md); tests/remix-shims.test.ts fails when these versions or
 * what a `<Link>` and a `<Form>` read change.
 */

/** A context and the value to provide for it. */
export type ContextValue = [Context<unknown>, unknown];

/**
 * The values of Remix's and React Router's contexts where the calling component stands (a hook: call it during
 * render), with the location's pathname replaced by `pathname` and its search and hash emptied. Never throws.
 */
export function useRouterContexts(pathname: string): ContextValue[] {
  const contexts: ContextValue[] = [];
  const add = <T,>(context: Context<T>, value: T) => contexts.push([context as Context<unknown>, value]);
  add(UNSAFE_RemixContext, useContext(UNSAFE_RemixContext));
  add(UNSAFE_DataRouterContext, useContext(UNSAFE_DataRouterContext));
  add(UNSAFE_DataRouterStateContext, useContext(UNSAFE_DataRouterStateContext));
  add(UNSAFE_FetchersContext, useContext(UNSAFE_FetchersContext));
  add(UNSAFE_ViewTransitionContext, useContext(UNSAFE_ViewTransitionContext));
  add(UNSAFE_NavigationContext, useContext(UNSAFE_NavigationContext));
  add(UNSAFE_RouteContext, useContext(UNSAFE_RouteContext));
  const location = useContext(UNSAFE_LocationContext);
  add(UNSAFE_LocationContext, { ...location, location: { ...location.location, pathname, search: "", hash: "" } });
  return contexts;
}

/** `child` inside a provider of each of `contexts` (the first outermost). */
export function withContexts(contexts: readonly ContextValue[], child: ReactNode): ReactNode {
  return contexts.reduceRight<ReactNode>(
    (inner, [context, value]) => <context.Provider value={value}>{inner}</context.Provider>,
    child,
  );
}

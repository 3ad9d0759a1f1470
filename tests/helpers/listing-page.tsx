import { renderToString } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { StructuredData } from "~/features/site/StructuredData.server";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import type { Locale } from "~/platform/i18n/i18n";
import EstatePage, { loader as estateLoader } from "~/routes/estate";

/** The listing page /estate/:id as the server renders it (the route's component under a root with `root` as data), and its JSON-LD. */
export async function renderListing(id: number, locale: Locale): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, savedIds: [], dataSaver: null }),
      element: <Outlet />,
      children: [
        {
          id: "routes/estate.$id",
          path: "estate/:id",
          loader: ({ request, params }: { request: Request; params: Record<string, string | undefined> }) =>
            estateLoader({ request, params, context: {} }),
          element: <EstatePage />,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost:3000/estate/${id}?lang=${locale}`));
  if (context instanceof Response) throw new Error(`/estate/${id} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <StructuredData
        routeIds={context.matches.map((m) => m.route.id)}
        loaderData={context.loaderData}
        origin="http://localhost:3000"
      />
    </TranslatorProvider>,
  );
}

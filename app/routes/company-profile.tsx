import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaticPage } from "~/features/site/StaticPage";
import type { LayoutHandle } from "~/root";
import { pageMeta } from "~/platform/http/seo";
import { loadStaticPage } from "~/features/site/static-page.server";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common"], hideNavbar: true, hideFooter: true };

/** The company profile (/company-profile/); no navbar and no footer. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadStaticPage(request, "companyProfile");
}

export default function CompanyProfile() {
  return <StaticPage content={useLoaderData<typeof loader>().content} standalone />;
}

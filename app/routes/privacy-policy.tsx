import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaticPage } from "~/features/site/StaticPage";
import { pageMeta } from "~/platform/http/seo";
import { loadStaticPage } from "~/features/site/static-page.server";

export const meta = pageMeta;
export const handle = { i18n: ["common"] };

/** The privacy policy (/privacy-policy). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadStaticPage(request, "privacy");
}

export default function PrivacyPolicy() {
  return <StaticPage content={useLoaderData<typeof loader>().content} />;
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { StaticPage } from "~/components/StaticPage";
import { getT } from "~/services/i18n.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;
export const handle = { i18n: ["common", "pages"] };

/** About the company (spec 2.1 /who-us). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { seo: { title: t("pages:whoUs.title"), description: t("pages:whoUs.metaDescription") } };
}

export default function WhoUs() {
  return <StaticPage page="whoUs" />;
}

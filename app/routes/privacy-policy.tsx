import type { LoaderFunctionArgs } from "@remix-run/node";
import { StaticPage } from "~/components/StaticPage";
import { getT } from "~/services/i18n.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;
export const handle = { i18n: ["common", "pages"] };

/** The privacy policy with the policy texts of spec section 1 (spec 2.1 /privacy-policy). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { seo: { title: t("pages:privacy.title"), description: t("pages:privacy.metaDescription") } };
}

export default function PrivacyPolicy() {
  return <StaticPage page="privacy" />;
}

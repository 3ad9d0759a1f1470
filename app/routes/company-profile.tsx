import type { LoaderFunctionArgs } from "@remix-run/node";
import { StaticPage } from "~/components/StaticPage";
import type { LayoutHandle } from "~/root";
import { getT } from "~/services/i18n.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "pages"], hideNavbar: true, hideFooter: true };

/** The company profile (spec 2.1 /company-profile/); no navbar and no footer (spec 2.2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { seo: { title: t("pages:companyProfile.title"), description: t("pages:companyProfile.metaDescription") } };
}

export default function CompanyProfile() {
  return <StaticPage page="companyProfile" standalone />;
}

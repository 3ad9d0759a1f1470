import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import { exportAccountData } from "~/features/back-office/account-deletion.server";
import { getDb } from "~/platform/db/db.server";

/**
 * /profile/data, "Download my data" (decision 092): the account, its posts, saved listings and searches and the rest
 * of exportAccountData as one JSON file (`aqar-syria-data.json`, an attachment), never cached. A visitor is sent to
 * log in and back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const data = await exportAccountData(await getDb(), user.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="aqar-syria-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}

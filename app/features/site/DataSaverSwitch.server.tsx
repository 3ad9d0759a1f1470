import { useT } from "~/platform/i18n/use-t";
import type { DataSaverMode } from "~/features/site/data-saver.server";

/**
 * The data saver's state and the button that switches it (decision 022), at the foot of every page that
 * has the footer: "Data saver: off" with "Turn data saver on", or "Data saver: on…" (saying so when it is on because
 * the browser asks for it) with "Turn data saver off". A plain form posted to /data-saver: it works without
 * JavaScript and sends the visitor back to `redirectTo` (the page's path and query).
 *
 * Rendered by the server only (app/entry.server.tsx renders it after the document, where the HTML parser puts it at
 * the end of <body>, like Remix's own data scripts; React leaves extra nodes at the end of <body> alone when it
 * hydrates), so it adds nothing to any page's JavaScript: the 90 KB budget of decision 014 has no room for it. The state can only
 * change with a new document (the post redirects), so the server's HTML is always right; `redirectTo` is the
 * address the document was loaded with, and the action prefers the Referer, which follows client-side navigation.
 * `mode` is the root loader's `dataSaver` (app/features/site/data-saver.server.ts dataSaverOf).
 */
export function DataSaverSwitch({ mode, redirectTo }: { mode: DataSaverMode; redirectTo: string }) {
  const { t } = useT();
  return (
    <form method="post" action="/data-saver" className="data-saver" aria-labelledby="data-saver-state">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <span id="data-saver-state">{t(`footer.dataSaver.${mode ?? "off"}`)}</span>
      <button type="submit" name="saveData" value={mode ? "off" : "on"}>
        {t(mode ? "footer.dataSaver.turnOff" : "footer.dataSaver.turnOn")}
      </button>
    </form>
  );
}

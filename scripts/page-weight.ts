/**
 * `npx tsx scripts/page-weight.ts --url http://127.0.0.1:3000`: the page weight (decision 014) on a running server (it
 * starts nothing). For the home page, a search with results, the first listing of those results and the offer form,
 * in Arabic and English (the `lang` cookie), prints the bytes on the wire of the HTML, the stylesheets and the
 * JavaScript the page loads before it runs (module scripts and every module they import), with brotli and with gzip
 * accepted, in KB (1,000 bytes). `--files` also lists every script with its size. Exits with 2 on an unreachable
 * server or a page that does not answer 200.
 */
import { getOnWire, kb, pageWeight, type Coding } from "../tests/helpers/page-weight";

const url = new URL(process.argv[process.argv.indexOf("--url") + 1] ?? "http://127.0.0.1:3000");
const origin = url.origin;
const listFiles = process.argv.includes("--files");

/** The measured search (sales of apartments in Damascus: type 6, offer 1, place 1), which has results in the demo data. */
export const SEARCH_PATH = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";

try {
  const search = await getOnWire(origin + SEARCH_PATH, "identity");
  const listing = /href="(\/estate\/\d+)"/.exec(search.body)?.[1];
  if (!listing) throw new Error(`${SEARCH_PATH} shows no listing`);
  const pages = { home: "/", search: SEARCH_PATH, listing, form: "/new-estate" };
  console.log("page      lang coding   HTML    CSS     JS  (KB on the wire)");
  for (const [name, path] of Object.entries(pages)) {
    for (const lang of ["ar", "en"] as const) {
      for (const coding of ["br", "gzip"] as Coding[]) {
        const weight = await pageWeight(origin, path, coding, lang);
        console.log(
          `${name.padEnd(9)} ${lang}   ${coding.padEnd(6)} ${kb(weight.html).padStart(6)} ${kb(weight.css.total).padStart(6)} ${kb(weight.js.total).padStart(6)}  (${weight.js.files.size} scripts)`,
        );
        if (listFiles && coding === "br" && lang === "ar") {
          for (const [file, bytes] of weight.js.files)
            console.log(`      ${String(bytes).padStart(7)}  ${new URL(file).pathname}`);
        }
      }
    }
  }
} catch (error) {
  console.error(String(error));
  process.exit(2);
}

import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "~/platform/i18n/i18n";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import type { MapData } from "./PlaceMap";
import { PlaceMapSvg } from "./PlaceMapSvg.server";

/**
 * The SVG map of `data` alone (its `<figure>`), in `locale`, as the document draws it (PlaceMapSvg): what
 * /map-figure answers for a page that navigated without a new document (decision 101). Its element ids start with
 * "map-", so that they never meet the ids of the page it is put into.
 */
export function mapFigureHtml(data: MapData, locale: Locale): string {
  return renderToStaticMarkup(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <PlaceMapSvg data={data} />
    </TranslatorProvider>,
    { identifierPrefix: "map-" },
  );
}

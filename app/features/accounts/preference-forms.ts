import * as z from "zod/v4";

/** Where a form sends the visitor back to: a local path, checked again by `backTo` (at most 2,000 characters). */
const redirectTo = /* @__PURE__ */ (() => z.string().max(2000).optional())();

/** The language switcher's post: `lang` is ar or en (anything else is Arabic, the default language). */
export const languageSchema = /* @__PURE__ */ (() => z.object({ lang: z.enum(["ar", "en"]).catch("ar"), redirectTo }))();

/** The app popup's close button: only where to go back to. */
export const appPopupSchema = /* @__PURE__ */ (() => z.object({ redirectTo }))();

/**
 * The data saver's switch (decision 022): `saveData` is the wanted state, `on` or `off` (anything else is
 * `off`, the default, which never takes anything away from a page).
 */
export const dataSaverSchema = /* @__PURE__ */ (() => z.object({ saveData: z.enum(["on", "off"]).catch("off"), redirectTo }))();

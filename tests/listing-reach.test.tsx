// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { StructuredData } from "~/features/site/StructuredData.server";
import { coordinates } from "~/platform/db/seed/data/coordinates";
import { governorates as seedGovernorates } from "~/platform/db/seed/data/geography";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { getEstate } from "~/features/listings/estate.server";
import { loader as rootLoader } from "~/root";
import EstatePage, { loader as estateLoader } from "~/routes/estate";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import { CAPTCHA, createUser, openLogin, PASSWORD, postLogin } from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callLoader, CookieJar } from "./helpers/remix";

/**
 * The advertiser one tap away, the captcha in either case and the place on a map (decision 059): coordinates of every
 * place, the listing page's map links, JSON-LD geo and phone bar, and the visitor who taps Call, logs in and comes
 * back to the listing with the number shown.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** Syria's bounding box in degrees (north, east), with a little room. */
const SYRIA = { south: 32.3, north: 37.4, west: 35.6, east: 42.4 };

type Row = { governorate: string; place: string | null; latitude: number | null; longitude: number | null };

/** Every governorate (place null) and place with its point, by English names. */
async function points(): Promise<Row[]> {
  const govs = await db().select().from(s.governorates);
  const locs = await db()
    .select({
      governorate: s.governorates.name_en,
      place: s.locations.name_en,
      latitude: s.locations.latitude,
      longitude: s.locations.longitude,
    })
    .from(s.locations)
    .innerJoin(s.governorates, eq(s.governorates.id, s.locations.governorate_id));
  return [...govs.map((g) => ({ governorate: g.name_en, place: null, latitude: g.latitude, longitude: g.longitude })), ...locs];
}

/** What the seed's coordinates file says of a row. */
function expected(row: Row) {
  const gov = coordinates[row.governorate];
  const point = row.place === null ? gov.seat : gov.places[row.place];
  return { latitude: point[0], longitude: point[1] };
}

/** A public listing's id (the first the listing page shows). */
async function publicEstateId(): Promise<number> {
  const rows = await db().select({ id: s.estates.id }).from(s.estates).where(eq(s.estates.status, "approved")).limit(20);
  for (const { id } of rows) if (await getEstate(db(), id, "ar")) return id;
  throw new Error("no public listing in the seed");
}

/** The listing page /estate/:id as the server renders it (the route's component under a root with `root` as data), and its JSON-LD. */
async function renderListing(id: number, locale: Locale): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, savedIds: [], dataSaver: null }),
      element: <Outlet />,
      children: [
        {
          id: "routes/estate.$id",
          path: "estate/:id",
          loader: ({ request, params }: { request: Request; params: Record<string, string | undefined> }) =>
            estateLoader({ request, params, context: {} }),
          element: <EstatePage />,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost:3000/estate/${id}?lang=${locale}`));
  if (context instanceof Response) throw new Error(`/estate/${id} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <StructuredData
        routeIds={context.matches.map((m) => m.route.id)}
        loaderData={context.loaderData}
        origin="http://localhost:3000"
      />
    </TranslatorProvider>,
  );
}

const decode = (html: string) => html.replace(/&amp;/g, "&");

describe("coordinates of every governorate and place (decision 059)", () => {
  it("the seed gives each of the 14 governorates and 241 places its point from the coordinates file, inside Syria", async () => {
    const rows = await points();
    expect(rows.filter((r) => r.place === null)).toHaveLength(14);
    expect(rows.filter((r) => r.place !== null)).toHaveLength(seedGovernorates.reduce((n, g) => n + g.locations.length, 0));
    for (const row of rows) {
      const label = `${row.governorate} / ${row.place}`;
      expect(row.latitude, label).not.toBeNull();
      expect(row.latitude!, label).toBeGreaterThan(SYRIA.south);
      expect(row.latitude!, label).toBeLessThan(SYRIA.north);
      expect(row.longitude!, label).toBeGreaterThan(SYRIA.west);
      expect(row.longitude!, label).toBeLessThan(SYRIA.east);
      expect({ latitude: row.latitude, longitude: row.longitude }, label).toEqual(expected(row));
    }
  });

  it("every GeoNames point names a feature and lies in Syria, and GeoNames gives most of them", () => {
    const all = Object.values(coordinates).flatMap((g) => [g.seat, ...Object.values(g.places)]);
    expect(all).toHaveLength(14 + 241);
    const bySource = { geonames: 0, csc: 0, own: 0 };
    const ids = new Set<number>();
    for (const [lat, lon, source] of all) {
      if (source === "csc" || source === "own") {
        bySource[source]++;
        continue;
      }
      // A GeoNames id is a positive integer, and the feature's point lies in Syria.
      expect(source, String([lat, lon])).toMatch(/^geonames:[1-9][0-9]*$/);
      ids.add(Number(source.slice("geonames:".length)));
      bySource.geonames++;
      expect(lat, source).toBeGreaterThan(SYRIA.south);
      expect(lat, source).toBeLessThan(SYRIA.north);
      expect(lon, source).toBeGreaterThan(SYRIA.west);
      expect(lon, source).toBeLessThan(SYRIA.east);
    }
    // 127 of 255 matched a GeoNames feature (the file's header); fewer would mean a match lost.
    expect(bySource.geonames).toBeGreaterThanOrEqual(127);
    expect(bySource.geonames + bySource.csc + bySource.own).toBe(all.length);
    // One feature for two points only where the header says so: "Idlib City" and "As-Suwayda City" are their seats.
    expect(ids.size).toBe(bySource.geonames - 2);
    expect(coordinates.Idlib.places["Idlib City"]).toEqual(coordinates.Idlib.seat);
    expect(coordinates["As-Suwayda"].places["As-Suwayda City"]).toEqual(coordinates["As-Suwayda"].seat);
  });

  it("migrations 0023 then 0026 fill the rows of a database seeded before them, matching them by name", async () => {
    const updates = ["0023_place_coordinates", "0026_place_coordinates_from_geonames"].flatMap((name) =>
      fs
        .readFileSync(`app/platform/db/migrations/${name}.sql`, "utf8")
        .split("--> statement-breakpoint")
        .filter((st) => /^\s*UPDATE/m.test(st)),
    );
    expect(updates).toHaveLength(3);
    await db().transaction(async (tx) => {
      await tx.execute(sql`update governorates set latitude = null, longitude = null`);
      await tx.execute(sql`update locations set latitude = null, longitude = null`);
      for (const st of updates) await tx.execute(sql.raw(st.replace(/^--.*$/gm, "")));
    });
    for (const row of await points())
      expect({ latitude: row.latitude, longitude: row.longitude }, row.place ?? row.governorate).toEqual(expected(row));
  });
});

describe("the listing page (decision 059)", () => {
  it("links its place to the maps app and OpenStreetMap, puts geo in its JSON-LD and has the phone bar, in both languages", async () => {
    const id = await publicEstateId();
    const [estate] = await db().select({ location_id: s.estates.location_id }).from(s.estates).where(eq(s.estates.id, id));
    const [loc] = await db().select().from(s.locations).where(eq(s.locations.id, estate.location_id));
    const { latitude: lat, longitude: lon } = loc;
    expect(lat).not.toBeNull();
    const res = await callLoader(estateLoader, `/estate/${id}`, { params: { id: String(id) } });
    expect(res.data.estate.point).toEqual({ latitude: lat, longitude: lon });

    for (const locale of ["ar", "en"] as const) {
      const html = decode(await renderListing(id, locale));
      const place = locale === "ar" ? "افتح في الخرائط" : "Open in maps";
      expect(html, locale).toContain(`href="geo:${lat},${lon}?q=${lat},${lon}(`);
      expect(html, locale).toContain(place);
      expect(html, locale).toContain(`href="https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}"`);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
      expect(jsonLd.contentLocation.geo, locale).toEqual({ "@type": "GeoCoordinates", latitude: lat, longitude: lon });

      // The phone bar: Call and WhatsApp open the login prompt for a visitor, Save too (a form post once logged in).
      const bar = /<div class="phone-bar"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? "";
      expect(bar, locale).toContain(locale === "ar" ? "اتصال" : "Call");
      expect(bar, locale).toContain(locale === "ar" ? "واتساب" : "WhatsApp");
      expect(
        bar.match(new RegExp(`href="/estate/${id}\\?lang=${locale}&dialog=login&for=contact&estate_id=${id}"`, "g")),
        locale,
      ).toHaveLength(2);
      expect(bar, locale).toContain(`href="/estate/${id}?lang=${locale}&dialog=login&for=save&estate_id=${id}"`);
    }
  });
});

describe("a visitor who taps Call (decision 059)", () => {
  it("logs in, with the captcha in small letters, and comes back to the listing with the number shown", async () => {
    const id = await publicEstateId();
    const prompt = await callLoader(rootLoader, `/estate/${id}?dialog=login&for=contact&estate_id=${id}`);
    const back = `/estate/${id}?dialog=contact&estate_id=${id}`;
    expect(prompt.data.dialog).toEqual({
      kind: "login",
      reason: "contact",
      loginTo: `/login?redirectTo=${encodeURIComponent(back)}`,
    });

    const user = await createUser();
    const jar = new CookieJar();
    const page = await openLogin(jar, prompt.data.dialog.loginTo);
    expect(page.data.redirectTo).toBe(back);
    const res = await postLogin(jar, {
      country: "SY",
      authentication: user.typed,
      password: PASSWORD,
      captcha: CAPTCHA.toLowerCase(),
      redirectTo: page.data.redirectTo,
    });
    expect(res).toRedirectTo(back);

    const listing = await callLoader(rootLoader, back, { cookie: jar.header() });
    const [row] = await db().select().from(s.estates).where(eq(s.estates.id, id));
    const [office] = row.office_id ? await db().select().from(s.offices).where(eq(s.offices.id, row.office_id)) : [];
    const phone = row.phone ?? office.phone;
    expect(listing.data.dialog).toMatchObject({ kind: "contact", phone, tel: `tel:${phone}` });
    expect(listing.data.dialog.whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  });

  it("logs in with the captcha in capitals too", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await openLogin(jar);
    const res = await postLogin(jar, {
      country: "SY",
      authentication: user.typed,
      password: PASSWORD,
      captcha: CAPTCHA.toUpperCase(),
    });
    expect(res.status).toBe(302);
  });
});

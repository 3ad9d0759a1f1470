import * as s from "~/platform/db/schema";
import type { Tx } from "~/platform/db/client.server";
import { FICTION_AREA_CODES, fictionPhone } from "~/platform/config/fiction-phones";
import { ANCHOR, DAY } from "./random";

/**
 * The demo data's published property requests ("User orders", decision 087): what a new visitor of the demo site sees
 * on /user-order instead of an empty page. Each is one of a few demo accounts (names invented, numbers reserved for
 * fiction: docs/decisions/079), approved, with a budget in new Syrian pounds (decision 027) at the demo market's levels
 * (app/platform/db/seed/data/market.ts: US dollar prices at about 130 new pounds to the dollar).
 */
const DEMO_REQUESTERS = [
  { first_name: "سامر", last_name: "الحلبي", lang: "ar" },
  { first_name: "Lina", last_name: "Haddad", lang: "en" },
  { first_name: "رنا", last_name: "العلي", lang: "ar" },
  { first_name: "Omar", last_name: "Kassab", lang: "en" },
  { first_name: "هالة", last_name: "الشامي", lang: "ar" },
] as const;

/** Offer types: 1 sale, 2 rent. Estate types: 1 home, 3 land, 4 shop, 5 villa, 6 flat, 7 office, 8 chalet. */
const DEMO_REQUESTS: {
  requester: number;
  offer: 1 | 2;
  type: number;
  place: [string, string];
  min: number | null;
  max: number | null;
  notes: string;
}[] = [
  {
    requester: 0,
    offer: 1,
    type: 6,
    place: ["Damascus", "Mezzeh"],
    min: 6_000_000,
    max: 9_000_000,
    notes: "شقة بثلاث غرف نوم في طابق متوسط مع مصعد، والدفع نقداً.",
  },
  {
    requester: 1,
    offer: 2,
    type: 6,
    place: ["Damascus", "Malki"],
    min: null,
    max: 80_000,
    notes: "Furnished two-bedroom flat for a family of four, yearly contract, from January.",
  },
  {
    requester: 2,
    offer: 2,
    type: 4,
    place: ["Damascus", "Bab Touma"],
    min: 20_000,
    max: 45_000,
    notes: "محل صغير على شارع رئيسي يصلح مقهى أو مكتبة.",
  },
  {
    requester: 3,
    offer: 1,
    type: 3,
    place: ["Rif Dimashq", "Qudsaya"],
    min: 2_000_000,
    max: 5_000_000,
    notes: "Building plot with a green deed (tabu), at least 300 m², with road access.",
  },
  {
    requester: 4,
    offer: 1,
    type: 5,
    place: ["Rif Dimashq", "Bloudan"],
    min: 15_000_000,
    max: 30_000_000,
    notes: "فيلا صيفية مع حديقة ومسبح إن أمكن، بسند أخضر.",
  },
  {
    requester: 0,
    offer: 2,
    type: 7,
    place: ["Damascus", "Abu Rummaneh"],
    min: 40_000,
    max: 90_000,
    notes: "مكتب من غرفتين أو ثلاث لشركة برمجيات، مع إنترنت جيد.",
  },
  {
    requester: 1,
    offer: 2,
    type: 8,
    place: ["Latakia", "Blue Beach"],
    min: null,
    max: 25_000,
    notes: "Chalet near the sea for July and August, for a family.",
  },
  {
    requester: 2,
    offer: 1,
    type: 6,
    place: ["Homs", "Al-Inshaat"],
    min: 3_000_000,
    max: 5_500_000,
    notes: "شقة مكسوة جاهزة للسكن، قريبة من المدارس.",
  },
  {
    requester: 3,
    offer: 2,
    type: 6,
    place: ["Rif Dimashq", "Jaramana"],
    min: 15_000,
    max: 30_000,
    notes: "Small flat for a student couple, near the transport lines.",
  },
  {
    requester: 4,
    offer: 1,
    type: 1,
    place: ["Tartus", "Tartus Corniche"],
    min: 4_000_000,
    max: 8_000_000,
    notes: "بيت عربي أو منزل مستقل بإطلالة على البحر.",
  },
];

/**
 * Inserts the demo requesters (accounts no one can log in to: their password hash is no hash) and their approved
 * requests (none when one of their numbers has an account already), dated in the two weeks before ANCHOR. `placeId(governorate, place)` gives a place's id by English names.
 */
export async function seedDemoRequests(tx: Tx, placeId: (gov: string, place: string) => number): Promise<void> {
  const users = await tx
    .insert(s.users)
    .values(
      DEMO_REQUESTERS.map((u, i) => ({
        ...u,
        // Lines 90 to 94 of the last area code: distinct, and apart from the demo admin's line 00.
        phone: fictionPhone(FICTION_AREA_CODES[FICTION_AREA_CODES.length - 1], 90 + i),
        // No password opens these accounts: verifyPassword refuses what is not a hash.
        password_hash: "!demo-requester",
        status: "active" as const,
        activated_at: new Date(ANCHOR - 30 * DAY),
      })),
    )
    .onConflictDoNothing({ target: s.users.phone })
    .returning({ id: s.users.id });
  if (users.length < DEMO_REQUESTERS.length) return;
  await tx.insert(s.property_requests).values(
    DEMO_REQUESTS.map((r, i) => {
      const created = new Date(ANCHOR - (i + 1) * 1.3 * DAY);
      return {
        user_id: users[r.requester].id,
        estate_offer_type_id: r.offer,
        estate_type_id: r.type,
        location_id: placeId(...r.place),
        min_price: r.min,
        max_price: r.max,
        notes: r.notes,
        status: "approved" as const,
        created_at: created,
        reviewed_at: new Date(created.getTime() + DAY / 4),
      };
    }),
  );
}

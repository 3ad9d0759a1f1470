import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, isNotNull, max } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { hashDistance, photoHash, SAME_PHOTO_BITS } from "~/platform/images/photo-hash.server";
import { storeUploadedImage } from "~/platform/images/images.server";
import { diskImageStore } from "~/platform/images/image-store.server";
import { photoSvg } from "~/platform/db/seed/drawings.server";
import { seedDuplicates } from "~/platform/db/seed/duplicates.server";
import { findDuplicates, regroupDuplicates } from "~/features/posts/duplicates.server";
import { liftSuspension, suspendAccount } from "~/features/back-office/user-admin.server";
import { createOffice, setOfficeActive } from "~/features/offices/office-admin.server";
import { transition } from "~/features/posts/moderation.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { getEstate, latestEstates } from "~/features/listings/estate.server";
import { loader as editorLoader } from "~/routes/post-editor";
import { loader as reviewLoader } from "~/routes/admin/post-review";
import { useTestDatabase } from "./helpers/db";
import { approvedListing, postFixtures } from "./helpers/posts";
import { account, type Account } from "./helpers/accounts";
import { callLoader } from "./helpers/remix";

/**
 * One property, one card (decision 099): photos' perceptual hashes, the likely duplicates of a post (facts, then a
 * near-identical photo or the same description), what the moderator and the owner are shown, the groups made at
 * publication (one card, counted once, the other offers on the listing page) and the demo data's groups.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const { place, newPost } = postFixtures(db);

/** A generated photo (the demo data's drawings) as JPEG bytes, `width` pixels wide, at `quality`. */
async function photo(n: number, width = 800, quality = 82): Promise<Buffer> {
  return sharp(Buffer.from(photoSvg(n)), { density: 72 })
    .resize(width, Math.round((width * 3) / 4))
    .jpeg({ quality })
    .toBuffer();
}

let officeIds: number[] = [];
let admin: Account;
let owner: Account;
const DESCRIPTION = "شقة مشمسة في الطابق الثالث مع مصعد وموقف سيارة وإطلالة على الحديقة قرب الجامعة";

/** The next free ad number (the posts made meanwhile take theirs as createPost does: the highest plus one). */
async function nextStateId(): Promise<number> {
  const [row] = await db()
    .select({ max: max(s.estates.state_id) })
    .from(s.estates);
  return Number(row.max) + 1;
}

/** Gives listing `estateId` the photos `hashes` (straight in estate_images, as a stored post's). */
async function withPhotos(estateId: number, hashes: string[]): Promise<void> {
  await db().delete(s.estate_images).where(eq(s.estate_images.estate_id, estateId));
  await db()
    .insert(s.estate_images)
    .values(
      hashes.map((phash, index) => ({
        estate_id: estateId,
        index,
        file: `dup-${estateId}-${index}`,
        width: 800,
        height: 600,
        phash,
      })),
    );
}

let hashes: { original: string; resized: string; other: string };

beforeAll(async () => {
  officeIds = (await db().select({ id: s.offices.id }).from(s.offices).orderBy(asc(s.offices.id))).map((o) => o.id);
  admin = await account(db(), { role: "admin" });
  owner = await account(db());
  hashes = {
    original: (await photoHash(await photo(7)))!,
    // The same photo shrunk and compressed again, as a second advertiser's upload would be.
    resized: (await photoHash(await photo(7, 500, 45)))!,
    other: (await photoHash(await photo(8)))!,
  };
});

describe("a photo's perceptual hash", () => {
  it("is near for the same photo resized and re-encoded, far for another photo", () => {
    expect(hashes.original).toMatch(/^[0-9a-f]{16}$/);
    expect(hashDistance(hashes.original, hashes.resized)).toBeLessThanOrEqual(SAME_PHOTO_BITS);
    expect(hashDistance(hashes.original, hashes.other)).toBeGreaterThan(SAME_PHOTO_BITS);
  });

  it("is none for a blank picture, whose bits would be noise that every copy of it repeats", async () => {
    const blank = (r: number) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g: 120, b: 90 } } })
        .png()
        .toBuffer();
    expect(await photoHash(await blank(10))).toBeNull();
    expect(await photoHash(await blank(200))).toBeNull();
  });

  it("is stored with an uploaded listing photo, from the photo's own pixels", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-phash-"));
    try {
      const stored = await storeUploadedImage(new Uint8Array(await photo(7, 1200)), "photo", diskImageStore(dir));
      expect(hashDistance(stored.phash!, hashes.original)).toBeLessThanOrEqual(SAME_PHOTO_BITS);
      const logo = await storeUploadedImage(new Uint8Array(await photo(7, 400)), "logo", diskImageStore(dir));
      expect(logo.phash).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the likely duplicates of a post", () => {
  let location: number;
  let published: number;

  beforeAll(async () => {
    location = await place(3);
    // An office's published flat: 3 rooms, 120 m², one photo.
    published = await approvedListing(db(), {
      state_id: await nextStateId(),
      estate_type_id: 6,
      location_id: location,
      area: 120,
      rooms_count: 3,
      office_id: officeIds[0],
      price: 900_000_000,
      description_ar: "شقة للبيع بسعر مناسب",
    });
    await withPhotos(published, [hashes.original]);
  });

  async function post(input: { area?: number; rooms?: number | null; photos?: string[]; subject?: string; by?: Account }) {
    const id = await newPost(input.by ?? owner, {
      location_id: location,
      area: input.area ?? 123,
      subject: input.subject ?? "شقة",
    });
    await db()
      .update(s.estates)
      .set({ rooms_count: input.rooms === undefined ? 3 : input.rooms })
      .where(eq(s.estates.id, id));
    if (input.photos) await withPhotos(id, input.photos);
    return id;
  }

  it("finds a published listing with a near-identical photo, area within 3% and the same rooms", async () => {
    const id = await post({ photos: [hashes.other, hashes.resized] });
    const found = await findDuplicates(db(), id);
    expect(found.map((d) => [d.id, d.status, d.reasons, d.sameAdvertiser])).toEqual([[published, "approved", ["photo"], false]]);
  });

  it("leaves out other areas, other rooms and other photos", async () => {
    const found = async (input: Parameters<typeof post>[0]) => (await findDuplicates(db(), await post(input))).map((d) => d.id);
    expect(await found({ area: 125, photos: [hashes.original] })).not.toContain(published);
    expect(await found({ rooms: 4, photos: [hashes.original] })).toEqual([]);
    expect(await found({ rooms: null, photos: [hashes.original] })).toEqual([]);
    expect(await found({ photos: [hashes.other] })).not.toContain(published);
  });

  it("finds a pending post whose description says the same, in other words' order and spelling", async () => {
    const first = await post({ area: 117, subject: DESCRIPTION });
    const second = await post({
      area: 118,
      subject: "قرب الجامعة: شقة مشمسه في الطابق الثالث، مع مصعد وموقف سيارة واطلالة على الحديقة",
    });
    const found = await findDuplicates(db(), second);
    expect(found.find((d) => d.id === first)).toMatchObject({
      status: "pending",
      reasons: ["description"],
      sameAdvertiser: true,
    });
  });

  it("is shown to the moderator beside the post, and the owner is told to edit the existing listing", async () => {
    const mine = await post({ area: 121, photos: [hashes.original] });
    const again = await post({ area: 120, photos: [hashes.resized] });
    const review = await callLoader(reviewLoader, `/admin/posts/${again}`, {
      params: { id: String(again) },
      cookie: admin.cookie,
    });
    expect(review.status).toBe(200);
    const ids = review.data.duplicates.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([published, mine]));
    const editor = await callLoader(editorLoader, `/profile/posts/${again}`, {
      params: { id: String(again) },
      cookie: owner.cookie,
    });
    expect(editor.status).toBe(200);
    expect(editor.data.reposts.map((r: { id: number }) => r.id)).toContain(mine);
    expect(editor.data.reposts.map((r: { id: number }) => r.id)).not.toContain(published);
  });
});

describe("published duplicates from different advertisers", () => {
  let location: number;
  let first: number;
  let second: number;

  beforeAll(async () => {
    location = await place(4);
    first = await approvedListing(db(), {
      state_id: await nextStateId(),
      estate_type_id: 5,
      location_id: location,
      area: 300,
      rooms_count: 6,
      office_id: officeIds[1],
      price: 3_000_000_000,
    });
    await withPhotos(first, [hashes.original]);
  });

  const search = () => searchEstates(db(), { location_id: location, estate_type_id: 5, estate_offer_type_id: 1 }, 1, "en");

  it("are grouped when the moderator publishes: one card, the cheapest, counted once, with the others on its page", async () => {
    const before = await search();
    const other = await account(db());
    second = await newPost(other, { estate_type_id: 5, location_id: location, area: 305, subject: "فيلا" });
    await db().update(s.estates).set({ rooms_count: 6, price: 2_800_000_000 }).where(eq(s.estates.id, second));
    await withPhotos(second, [hashes.resized]);
    await transition(db(), second, "approve", admin.actor);

    const rows = await db()
      .select({ id: s.estates.id, duplicate_of: s.estates.duplicate_of })
      .from(s.estates)
      .where(inArray(s.estates.id, [first, second]));
    // The new post is cheaper: it stands for the group.
    expect(Object.fromEntries(rows.map((r) => [r.id, r.duplicate_of]))).toEqual({ [first]: second, [second]: null });

    const after = await search();
    expect(after.total).toBe(before.total);
    const ids = after.items.map((c) => c.id);
    expect(ids).toContain(second);
    expect(ids).not.toContain(first);
    expect(after.items.find((c) => c.id === second)!.otherOffers).toBe(1);

    const page = await getEstate(db(), second, "en");
    expect(page!.offers.map((o) => [o.id, o.price, o.office?.id])).toEqual([[first, 3_000_000_000, officeIds[1]]]);
    // The grouped listing keeps its own page, which lists the cheaper offer.
    expect((await getEstate(db(), first, "en"))!.offers.map((o) => o.id)).toEqual([second]);
    expect((await latestEstates(db(), "en", 50)).map((c) => c.id)).not.toContain(first);
  });

  it("come apart when one is no longer published", async () => {
    await transition(db(), second, "withdraw", { id: null, admin: false });
    const [row] = await db().select({ duplicate_of: s.estates.duplicate_of }).from(s.estates).where(eq(s.estates.id, first));
    expect(row.duplicate_of).toBeNull();
    expect((await search()).items.map((c) => c.id)).toContain(first);
    expect((await getEstate(db(), first, "en"))!.offers).toEqual([]);
  });

  it("are not grouped when one advertiser posted both", async () => {
    const a = await approvedListing(db(), {
      state_id: await nextStateId(),
      estate_type_id: 5,
      location_id: location,
      area: 500,
      rooms_count: 8,
      office_id: officeIds[2],
    });
    await withPhotos(a, [hashes.other]);
    const b = await approvedListing(db(), {
      state_id: await nextStateId(),
      estate_type_id: 5,
      location_id: location,
      area: 500,
      rooms_count: 8,
      office_id: officeIds[2],
      price: 90_000_000,
    });
    await withPhotos(b, [hashes.other]);
    await db().transaction((tx) => regroupDuplicates(tx, b));
    const rows = await db()
      .select({ duplicate_of: s.estates.duplicate_of })
      .from(s.estates)
      .where(inArray(s.estates.id, [a, b]));
    expect(rows.map((r) => r.duplicate_of)).toEqual([null, null]);
  });
});

describe("a group whose head's advertiser leaves the site (decision 103)", () => {
  let location: number;

  beforeAll(async () => {
    location = await place(2);
  });

  /** A published villa of `area` m² and 9 rooms in `location` with `photo`, as two advertisers post one. */
  async function villa(
    area: number,
    values: { price: number; user_id?: number; office_id?: number },
    photo: string,
  ): Promise<number> {
    const id = await approvedListing(db(), {
      state_id: await nextStateId(),
      estate_type_id: 5,
      location_id: location,
      area,
      rooms_count: 9,
      ...values,
    });
    await withPhotos(id, [photo]);
    return id;
  }

  /** The cards of the search for villas of `ids`' place and area, with how many other offers each stands for. */
  async function shown(ids: number[]): Promise<[number, number][]> {
    const [{ area }] = await db().select({ area: s.estates.area }).from(s.estates).where(eq(s.estates.id, ids[0]));
    const filter = {
      location_id: location,
      estate_type_id: 5,
      estate_offer_type_id: 1,
      area_min: area,
      area_max: area,
      rooms_min: 9,
    };
    return (await searchEstates(db(), filter, 1, "en")).items.map((c) => [c.id, c.otherOffers]);
  }
  async function duplicateOf(ids: number[]): Promise<Record<number, number | null>> {
    const rows = await db()
      .select({ id: s.estates.id, duplicate_of: s.estates.duplicate_of })
      .from(s.estates)
      .where(inArray(s.estates.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, r.duplicate_of]));
  }

  it("an owner suspended: the other listing shows; the suspension lifted: the group again, the cheapest its card", async () => {
    const cheaper = await account(db());
    const dearer = await account(db());
    const head = await villa(777, { price: 500_000_000, user_id: cheaper.user.id }, hashes.original);
    const other = await villa(777, { price: 600_000_000, user_id: dearer.user.id }, hashes.resized);
    await db().transaction((tx) => regroupDuplicates(tx, other));
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: head });
    expect(await shown([head, other])).toEqual([[head, 1]]);

    expect(await suspendAccount(db(), cheaper.user.id, admin.actor, "Fake listings")).toBe(true);
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: null });
    expect(await shown([head, other])).toEqual([[other, 0]]);
    expect((await getEstate(db(), other, "en"))!.offers).toEqual([]);

    expect(await liftSuspension(db(), cheaper.user.id, admin.actor, "")).toBe(true);
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: head });
    expect(await shown([head, other])).toEqual([[head, 1]]);

    // The other member's owner suspended: the head shows alone, standing for nobody; lifted, the group again.
    expect(await suspendAccount(db(), dearer.user.id, admin.actor, "Fake listings")).toBe(true);
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: null });
    expect(await shown([head, other])).toEqual([[head, 0]]);
    expect(await liftSuspension(db(), dearer.user.id, admin.actor, "")).toBe(true);
    expect(await shown([head, other])).toEqual([[head, 1]]);
  });

  it("an office deactivated: the other listing shows; activated again: the group again, the cheapest its card", async () => {
    const officeId = await createOffice(
      db(),
      admin.user.id,
      {
        name_ar: "مكتب الياسمين العقاري",
        name_en: "Jasmine Real Estate",
        phone: "+963944000777",
        whatsapp: null,
        address_ar: "شارع بغداد",
        address_en: "Baghdad Street",
        location_id: location,
        contract_type_id: 1,
      },
      null,
    );
    const private_ = await account(db());
    const head = await villa(888, { price: 400_000_000, office_id: officeId }, hashes.original);
    const other = await villa(888, { price: 450_000_000, user_id: private_.user.id }, hashes.resized);
    await db().transaction((tx) => regroupDuplicates(tx, other));
    expect(await shown([head, other])).toEqual([[head, 1]]);

    expect(await setOfficeActive(db(), admin.user.id, officeId, false)).toBe("changed");
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: null });
    expect(await shown([head, other])).toEqual([[other, 0]]);

    expect(await setOfficeActive(db(), admin.user.id, officeId, true)).toBe("changed");
    expect(await duplicateOf([head, other])).toEqual({ [head]: null, [other]: head });
    expect(await shown([head, other])).toEqual([[head, 1]]);
  });
});

describe("the demo data's grouped duplicates", () => {
  it("are groups as publication makes them, each shown once with its other offers", async () => {
    await seedDuplicates(db());
    const grouped = await db()
      .select({ id: s.estates.id, duplicate_of: s.estates.duplicate_of })
      .from(s.estates)
      .where(isNotNull(s.estates.duplicate_of));
    const heads = [...new Set(grouped.map((g) => g.duplicate_of!))];
    expect(heads.length).toBeGreaterThanOrEqual(2);
    expect(grouped.length).toBeGreaterThan(heads.length);
    // Publication's own grouping agrees with the seed's.
    for (const g of grouped) await db().transaction((tx) => regroupDuplicates(tx, g.id));
    const again = await db()
      .select({ id: s.estates.id, duplicate_of: s.estates.duplicate_of })
      .from(s.estates)
      .where(isNotNull(s.estates.duplicate_of));
    expect(new Map(again.map((g) => [g.id, g.duplicate_of]))).toEqual(new Map(grouped.map((g) => [g.id, g.duplicate_of])));
    const head = await getEstate(db(), heads[0], "ar");
    expect(head!.otherOffers).toBe(head!.offers.length);
    expect(head!.offers.length).toBeGreaterThanOrEqual(1);
  });
});

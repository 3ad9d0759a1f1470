import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { createPost } from "~/features/posts/post.server";
import { transition } from "~/features/posts/moderation.server";
import { dashboard } from "~/features/back-office/dashboard.server";
import { ensureAdmin, grantAdmin } from "~/features/accounts/admin-bootstrap.server";
import { loader as adminLoader } from "~/routes/admin/dashboard";
import { verifyPassword } from "~/features/accounts/password.server";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/** The first pieces of the back office: the operator's first admin, admin:grant, the role guard, the dashboard. */
const test = useTestDatabase();
const db = () => test.get().db;

describe("the first admin (ADMIN_PHONE, ADMIN_PASSWORD)", () => {
  it("creates the account as an active admin, and on a later start updates its password and role", async () => {
    const id = await ensureAdmin(db(), "+963944000111", "first-password");
    const [row] = await db().select().from(s.users).where(eq(s.users.id, id));
    expect(row).toMatchObject({ phone: "+963944000111", status: "active", role: "admin" });
    expect(await verifyPassword(row.password_hash, "first-password")).toBe(true);

    await db().update(s.users).set({ role: "user", status: "suspended" }).where(eq(s.users.id, id));
    expect(await ensureAdmin(db(), "+963944000111", "second-password")).toBe(id);
    const [again] = await db().select().from(s.users).where(eq(s.users.id, id));
    expect(again).toMatchObject({ status: "active", role: "admin" });
    expect(await verifyPassword(again.password_hash, "second-password")).toBe(true);
  });

  it("refuses a number that is not E.164", async () => {
    await expect(ensureAdmin(db(), "0944000111", "password-1")).rejects.toThrow(/E\.164/);
  });
});

describe("npm run admin:grant", () => {
  it("makes an existing account an admin, by E.164 or Syrian national number; null for an unknown number", async () => {
    const { user } = await account(db());
    expect(await grantAdmin(db(), user.phone)).toBe(user.id);
    const [row] = await db().select().from(s.users).where(eq(s.users.id, user.id));
    expect(row.role).toBe("admin");
    const other = await account(db());
    expect(await grantAdmin(db(), `0${other.user.phone.slice(4)}`)).toBe(other.user.id);
    expect(await grantAdmin(db(), "+963999999999")).toBeNull();
  });
});

describe("/admin", () => {
  it("sends a visitor to log in, answers another user 403, and shows an admin the dashboard", async () => {
    const visitor = await callLoader(adminLoader, "/admin");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    const user = await account(db());
    expect((await callLoader(adminLoader, "/admin", { cookie: user.cookie })).status).toBe(403);
    const admin = await account(db(), { role: "admin" });
    const res = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.data.counts).toEqual(expect.objectContaining({ pendingOffers: expect.any(Number) }));
  });

  it("sends a visitor with a huge query string to log in with a return path the login form takes (the path alone)", async () => {
    const visitor = await callLoader(adminLoader, `/admin?q=${encodeURIComponent("𝄞".repeat(5_000))}&page=2`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    const short = await callLoader(adminLoader, "/admin?page=2");
    expect(short.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%3Fpage%3D2");
  });

  it("counts pending posts, new inbox requests, pending requests and open reports, and flags the 24-hour promise", async () => {
    const before = await dashboard(db());
    const { user } = await account(db());
    const offer = { location_id: 1, area: 100, fullname: "A", mobile: "0944", subject: "x" };
    // One visitor's offer new in the inbox, one done already (not counted), and a new consultation request.
    await db()
      .insert(s.estate_offers)
      .values([
        { ...offer, user_id: null },
        { ...offer, user_id: null, inbox_state: "done" },
      ]);
    await db().insert(s.messages).values({ kind: "consultation", name: "A", mobile: "0944", subject: "x" });
    // One user's post waiting for review, one already approved (not counted).
    await createPost(db(), user.id, {
      estate_type_id: 1,
      estate_offer_type_id: 1,
      estate_ownership: 1,
      estate_finishing: null,
      location_id: 1,
      area: 90,
      fullname: "A",
      mobile: "0944",
      subject: "x",
    });
    const approvedPost = await createPost(db(), user.id, {
      estate_type_id: 1,
      estate_offer_type_id: 1,
      estate_ownership: 1,
      estate_finishing: null,
      location_id: 1,
      area: 90,
      fullname: "A",
      mobile: "0944",
      subject: "y",
    });
    await transition(db(), approvedPost, "approve", { id: user.id, admin: true });
    await db()
      .insert(s.property_requests)
      .values({
        user_id: user.id,
        estate_offer_type_id: 1,
        location_id: 1,
        estate_type_id: 1,
        created_at: new Date(Date.now() - 30 * 3_600_000),
      });
    const [estate] = await db().select({ id: s.estates.id }).from(s.estates).where(eq(s.estates.status, "approved")).limit(1);
    await db().insert(s.estate_reports).values({ user_id: user.id, estate_id: estate.id, report_type_id: 1 });

    const after = await dashboard(db());
    expect(after.pendingOffers - before.pendingOffers).toBe(1);
    expect(after.inbox - before.inbox).toBe(2);
    expect(after.pendingRequests - before.pendingRequests).toBe(1);
    expect(after.openReports - before.openReports).toBe(1);
    expect(Date.now() - after.oldestPending!.getTime()).toBeGreaterThan(29 * 3_600_000);

    const admin = await account(db(), { role: "admin" });
    const res = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(res.data.late).toBe(true);
    expect(res.data.oldestHours).toBeGreaterThanOrEqual(29);
  });
});

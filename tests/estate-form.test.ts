import { describe, expect, it } from "vitest";
import { parseForm } from "~/platform/forms/parse";
import { postEditSchema } from "~/features/posts/post-forms";
import { photosAfter, photosWith, postFieldsOf, postFormValues } from "~/features/posts/estate-form.server";
import type { PostFields } from "~/features/posts/post.server";
import { NO_FACTS } from "~/features/listings/facts";

/** The post editor's form and a post's working copy, both ways (app/features/posts/estate-form.server.ts), as units. */

const photo = (file: string) => ({ file, width: 800, height: 600 });
const files = (images: { file: string }[]) => images.map((i) => i.file);

/** The fields a form of `values` stores, as the editor's action reads them. */
function stored(values: Record<string, string>, staff: boolean, kind = { rent: true, shop: true }): PostFields {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== "") form.set(name, value);
  const submission = parseForm(form, postEditSchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return postFieldsOf(submission.value, staff, kind);
}

describe("postFormValues and postFieldsOf", () => {
  const full: PostFields = {
    price: 1_250_000,
    currency: "USD",
    negotiable: true,
    furnished: false,
    rooms_count: 3,
    floor: -2,
    area: 135.5,
    interior_status_id: 4,
    period_type_id: 3,
    description_ar: "شقة مشمسة",
    description_en: "A sunny flat",
    electricity_hours: 8,
    solar: true,
    solar_kw: 2.5,
    generator_amperes: 5,
    water_tank: true,
    elevator: false,
    building_floors: 7,
    building_age_years: 12,
    facing: "south_east",
    parking: false,
    heating: "diesel",
    internet: "adsl",
    upfront_months: 6,
    key_money: 40_000,
    key_money_currency: "USD",
  };
  const empty: PostFields = {
    ...NO_FACTS,
    price: null,
    currency: "SYP",
    negotiable: false,
    furnished: false,
    rooms_count: null,
    floor: null,
    area: 80,
    interior_status_id: null,
    period_type_id: null,
    description_ar: null,
    description_en: null,
  };

  it("shows a post's fields as the form's strings", () => {
    expect(postFormValues(full)).toEqual({
      price: "1250000",
      currency: "USD",
      negotiable: "on",
      furnished: "",
      rooms_count: "3",
      floor: "-2",
      area: "135.5",
      interior_status_id: "4",
      period_type_id: "3",
      description: "شقة مشمسة",
      description_ar: "شقة مشمسة",
      description_en: "A sunny flat",
      electricity_hours: "8",
      solar: "1",
      solar_kw: "2.5",
      generator_amperes: "5",
      water_tank: "1",
      elevator: "0",
      building_floors: "7",
      building_age_years: "12",
      facing: "south_east",
      parking: "0",
      heating: "diesel",
      internet: "adsl",
      upfront_months: "6",
      key_money: "40000",
      key_money_currency: "USD",
    });
    expect(postFormValues(empty)).toMatchObject({
      electricity_hours: "",
      solar: "",
      elevator: "",
      key_money_currency: "SYP",
      price: "",
      rooms_count: "",
      floor: "",
      interior_status_id: "",
      description: "",
    });
    expect(postFormValues({ ...empty, description_en: "Only English" }).description).toBe("Only English");
  });

  it("stores what the form shows unchanged: a staff listing keeps both languages, an owner's one text stands for both", () => {
    expect(stored(postFormValues(full), true)).toEqual(full);
    expect(stored(postFormValues(empty), true)).toEqual(empty);
    expect(stored(postFormValues(full), false)).toEqual({ ...full, description_en: "شقة مشمسة" });
    expect(stored({ ...postFormValues(empty), description: "Near the university" }, false)).toMatchObject({
      description_ar: "Near the university",
      description_en: "Near the university",
    });
  });

  it("keeps a rent's upfront months only on a rent, a shop's key money only on a shop, and no kW without solar", () => {
    const flatForSale = stored(postFormValues(full), true, { rent: false, shop: false });
    expect(flatForSale).toMatchObject({ upfront_months: null, key_money: null, key_money_currency: null, electricity_hours: 8 });
    expect(stored({ ...postFormValues(full), solar: "0" }, true).solar_kw).toBeNull();
    // "Not known" is not "no": an empty choice stays null, a "0" is false.
    expect(stored({ ...postFormValues(full), elevator: "" }, true).elevator).toBeNull();
    expect(stored({ ...postFormValues(full), elevator: "0" }, true).elevator).toBe(false);
  });

  it("refuses facts out of their ranges and lists with the fields' own messages", () => {
    const errors = (values: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ area: "90", ...values })) form.set(name, value);
      const submission = parseForm(form, postEditSchema);
      const found = submission.status === "success" ? {} : (submission.error ?? {});
      return Object.fromEntries(Object.entries(found).map(([name, list]) => [name, (list ?? []).map((m) => m.key)]));
    };
    expect(errors({ electricity_hours: "25" })).toEqual({ electricity_hours: ["forms:errors.outOfRange"] });
    expect(errors({ electricity_hours: "١٢" })).toEqual({});
    expect(errors({ generator_amperes: "101" })).toEqual({ generator_amperes: ["forms:errors.outOfRange"] });
    expect(errors({ upfront_months: "36" })).toEqual({ upfront_months: ["forms:errors.outOfRange"] });
    expect(errors({ facing: "up" })).toEqual({ facing: ["forms:errors.choice"] });
    expect(errors({ solar: "yes" })).toEqual({ solar: ["forms:errors.choice"] });
    expect(errors({ solar_kw: "abc" })).toEqual({ solar_kw: ["forms:errors.decimal"] });
    expect(Object.keys(errors({ key_money: "2000000000", key_money_currency: "USD" }))).toEqual(["key_money"]);
  });
});

describe("photosAfter", () => {
  const images = ["a", "b", "c"].map(photo);

  it("makes a photo the cover, moves it one place, or removes it", () => {
    expect(files(photosAfter(images, { intent: "cover", file: "c" }))).toEqual(["c", "a", "b"]);
    expect(files(photosAfter(images, { intent: "up", file: "b" }))).toEqual(["b", "a", "c"]);
    expect(files(photosAfter(images, { intent: "up", file: "a" }))).toEqual(["a", "b", "c"]);
    expect(files(photosAfter(images, { intent: "down", file: "b" }))).toEqual(["a", "c", "b"]);
    expect(files(photosAfter(images, { intent: "down", file: "c" }))).toEqual(["a", "b", "c"]);
    expect(files(photosAfter(images, { intent: "remove", file: "a" }))).toEqual(["b", "c"]);
  });

  it("changes nothing for a photo that is not in the post, and never the list it is given", () => {
    expect(files(photosAfter(images, { intent: "remove", file: "zz" }))).toEqual(["a", "b", "c"]);
    photosAfter(images, { intent: "cover", file: "c" });
    expect(files(images)).toEqual(["a", "b", "c"]);
  });
});

describe("photosWith", () => {
  it("adds photos at the end up to the limit and says which it took", () => {
    const added = ["x", "y", "z"].map(photo);
    const result = photosWith(["a", "b"].map(photo), added, 4);
    expect(files(result.images)).toEqual(["a", "b", "x", "y"]);
    expect(result.taken).toEqual([added[0], added[1]]);
    expect(photosWith(["a", "b"].map(photo), added, 2).taken).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseForm } from "~/platform/forms/parse";
import { postEditSchema } from "~/features/posts/post-forms";
import { photosAfter, photosWith, postFieldsOf, postFormValues } from "~/features/posts/estate-form.server";
import type { PostFields } from "~/features/posts/post.server";

/** The post editor's form and a post's working copy, both ways (app/features/posts/estate-form.server.ts), as units. */

const photo = (file: string) => ({ file, width: 800, height: 600 });
const files = (images: { file: string }[]) => images.map((i) => i.file);

/** The fields a form of `values` stores, as the editor's action reads them. */
function stored(values: Record<string, string>, staff: boolean): PostFields {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== "") form.set(name, value);
  const submission = parseForm(form, postEditSchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return postFieldsOf(submission.value, staff);
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
  };
  const empty: PostFields = {
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
    });
    expect(postFormValues(empty)).toMatchObject({
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

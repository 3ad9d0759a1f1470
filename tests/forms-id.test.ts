import { describe, expect, it } from "vitest";
import * as z from "zod/v4";
import { dbId, MAX_DB_ID, toDbId } from "~/platform/forms/id";
import { hasReason, postDecisionSchema, reasonFields } from "~/features/posts/moderation-forms";

/** The one rule of a database id and the one reason schema of the back office. */
describe("toDbId and dbId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["2147483647", MAX_DB_ID],
  ])("reads %j as %i", (value, id) => {
    expect(toDbId(value)).toBe(id);
    expect(dbId("x").parse(value)).toBe(id);
  });

  it.each([
    ["0"],
    ["-1"],
    ["+1"],
    ["01"],
    [" 1"],
    ["1 "],
    ["1.0"],
    ["1e3"],
    ["0x10"],
    ["2147483648"],
    ["99999999999"],
    [""],
    ["١٢"],
  ])("refuses %j with the given message", (value) => {
    expect(toDbId(value)).toBeNull();
    const result = dbId("forms:errors.checkData").safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["forms:errors.checkData"]);
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 5, ["5"]]) expect(toDbId(value)).toBeNull();
    expect(
      dbId("m")
        .safeParse(undefined)
        .error?.issues.map((i) => i.message),
    ).toEqual(["m"]);
  });
});

describe("the reason fields", () => {
  const reason = z.object(reasonFields);

  it("keeps a known common reason and the free text without control characters, cut to 500", () => {
    expect(reason.parse({ reason: "photos", reason_text: "a\u0000b" })).toEqual({ reason: "photos", reason_text: "ab" });
    expect(reason.parse({ reason: "nonsense", reason_text: "x".repeat(600) })).toEqual({
      reason: null,
      reason_text: "x".repeat(500),
    });
    expect(reason.parse({})).toEqual({ reason: null, reason_text: "" });
  });

  it("refuses bidirectional controls with the forms.json message", () => {
    expect(reason.safeParse({ reason_text: "a\u202Eb" }).error?.issues.map((i) => i.message)).toEqual(["forms:errors.bidiChars"]);
  });

  it("counts a common reason other than 'other', or a free text that is not blank, as a reason", () => {
    expect(hasReason({ reason: "price", reason_text: "" })).toBe(true);
    expect(hasReason({ reason: "other", reason_text: " note " })).toBe(true);
    expect(hasReason({ reason: "other", reason_text: "   " })).toBe(false);
    expect(hasReason({ reason: null, reason_text: "" })).toBe(false);
  });

  it("asks for a reason only for the decisions that need one, after the decision itself is known", () => {
    const messages = (input: Record<string, string>) => postDecisionSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ decision: "approve" })).toBeUndefined();
    for (const decision of ["reject", "reject_edit", "unpublish"])
      expect(messages({ decision, reason: "other" })).toEqual(["admin:errors.reason"]);
    expect(messages({ decision: "delete" })).toEqual(["admin:errors.decision"]);
  });
});

import { describe, expect, it } from "vitest";
import { excerpt, formatDate, formatNumber, formatPrice, maskPhone } from "~/features/listings/format";
import { damascusDayStart } from "~/platform/i18n/dates";

describe("formatting", () => {
  it("groups thousands and puts the currency label after the price", () => {
    expect(formatNumber(1250000)).toBe("1,250,000");
    expect(formatPrice(950000000, "SYP")).toBe("950,000,000 SYP");
    expect(formatPrice(1000, "ل.س")).toBe("1,000 ل.س");
  });

  it("writes dates as DD.MM.YYYY in Damascus time", () => {
    expect(formatDate("2026-03-05T10:00:00Z")).toBe("05.03.2026");
    // 22:30 UTC on the 14th is already the 15th in Damascus (UTC+3).
    expect(formatDate(new Date("2026-11-14T22:30:00Z"))).toBe("15.11.2026");
  });

  it("masks the middle of a phone number and keeps its ends", () => {
    expect(maskPhone("+963944123456")).toBe("+963 94•••••56");
    expect(maskPhone("+963113312200")).toBe("+963 11•••••00");
    expect(maskPhone("+963944123456")).not.toContain("41234");
    expect(maskPhone("12")).toMatch(/^•+$/);
  });

  it("cuts article teasers to 90 characters with an ellipsis, counting Arabic letters as characters", () => {
    const arabic = "سوق العقارات في دمشق يشهد طلباً متزايداً على الشقق المفروشة في المزة والمالكي وأبو رمانة خلال الصيف الحالي";
    const teaser = excerpt(arabic, 90);
    expect(Array.from(teaser).length).toBeLessThanOrEqual(91);
    expect(teaser.endsWith("…")).toBe(true);
    expect(arabic.startsWith(teaser.slice(0, -1))).toBe(true);
    expect(excerpt("short text", 90)).toBe("short text");
  });
});

describe("damascusDayStart (the back office's days, decision 051)", () => {
  it("is 00:00 Damascus time of the day that holds the instant, with the offset of that day", () => {
    // Syria has kept UTC+3 all year since 2022: midnight is 21:00 UTC of the day before.
    expect(damascusDayStart(new Date("2026-11-27T10:00:00Z")).toISOString()).toBe("2026-11-26T21:00:00.000Z");
    expect(damascusDayStart(new Date("2026-11-26T21:00:00Z")).toISOString()).toBe("2026-11-26T21:00:00.000Z");
    expect(damascusDayStart(new Date("2026-11-26T20:59:59Z")).toISOString()).toBe("2026-11-25T21:00:00.000Z");
    // Before 2022, winter was UTC+2 and summer UTC+3.
    expect(damascusDayStart(new Date("2020-01-01T12:00:00Z")).toISOString()).toBe("2019-12-31T22:00:00.000Z");
    expect(damascusDayStart(new Date("2020-07-01T12:00:00Z")).toISOString()).toBe("2020-06-30T21:00:00.000Z");
  });
});

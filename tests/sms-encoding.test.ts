import smpp from "smpp";
import { describe, expect, it } from "vitest";
import {
  concatenationHeader,
  DATA_CODING_GSM7,
  DATA_CODING_UCS2,
  encodeSms,
  smsPartCount,
} from "~/platform/sms/sms-encoding.server";

/**
 * How a text becomes SMS parts (decision 052): GSM 7-bit when every character is in the default alphabet (its
 * extension table counting two septets), UCS-2 otherwise; 160/70 in one part, 153/67 per part beyond.
 */

/** The text of parts, decoded as an SMSC would (the smpp package's own decoders). */
function decode(dataCoding: number, parts: Buffer[]): string {
  const coder = dataCoding === DATA_CODING_UCS2 ? smpp.encodings.UCS2 : smpp.encodings.ASCII;
  return parts.map((p) => coder.decode(p)).join("");
}

describe("SMS encoding", () => {
  it("keeps Latin text in GSM 7-bit, one septet per octet, and decodes back", () => {
    const text = "Your code is 123456. Aqar: {x} [y] ~ ^ | \\ € @£$¥";
    const { dataCoding, parts } = encodeSms(text);
    expect(dataCoding).toBe(DATA_CODING_GSM7);
    expect(parts).toHaveLength(1);
    // Nine extension characters ({ } [ ] ~ ^ | \ €) take two septets each.
    expect(parts[0].length).toBe([...text].length + 9);
    expect(decode(dataCoding, parts)).toBe(text);
  });

  it("sends Arabic as UCS-2 (UTF-16BE)", () => {
    const text = "رمز التفعيل 123456";
    const { dataCoding, parts } = encodeSms(text);
    expect(dataCoding).toBe(DATA_CODING_UCS2);
    expect(parts[0]).toEqual(Buffer.from(text, "utf16le").swap16());
    expect(decode(dataCoding, parts)).toBe(text);
  });

  it("fits 160 septets and 70 UCS-2 characters in one part, and splits beyond at 153 and 67", () => {
    expect(smsPartCount("a".repeat(160))).toBe(1);
    expect(smsPartCount("a".repeat(161))).toBe(2);
    expect(encodeSms("a".repeat(306)).parts.map((p) => p.length)).toEqual([153, 153]);
    expect(smsPartCount("a".repeat(307))).toBe(3);
    expect(smsPartCount("€".repeat(80))).toBe(1);
    expect(smsPartCount("€".repeat(81))).toBe(2);
    expect(smsPartCount("ب".repeat(70))).toBe(1);
    expect(smsPartCount("ب".repeat(71))).toBe(2);
    expect(encodeSms("ب".repeat(134)).parts.map((p) => p.length / 2)).toEqual([67, 67]);
    expect(smsPartCount("ب".repeat(135))).toBe(3);
  });

  it("never splits an escape pair or a surrogate pair between parts", () => {
    const gsm = "a".repeat(152) + "€" + "b".repeat(10);
    const split = encodeSms(gsm);
    expect(split.parts[0].length).toBe(152);
    expect(split.parts[1][0]).toBe(0x1b);
    expect(decode(split.dataCoding, split.parts)).toBe(gsm);

    const emoji = "ب".repeat(66) + "😀" + "ت".repeat(10);
    const ucs = encodeSms(emoji);
    expect(ucs.parts[0].length / 2).toBe(66);
    expect(decode(ucs.dataCoding, ucs.parts)).toBe(emoji);
  });

  it("writes the concatenation header with an 8-bit reference", () => {
    expect([...concatenationHeader(300, 3, 2)]).toEqual([0x05, 0x00, 0x03, 300 & 0xff, 3, 2]);
  });
});

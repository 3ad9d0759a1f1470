import { SegmentedMessage } from "sms-segments-calculator";

/**
 * How one text becomes SMS parts (3GPP TS 23.038 and 23.040, decision 052): the GSM 7-bit default alphabet
 * (SMPP data_coding 0) when every character is in it, an extension-table character (€ [ ] { } ~ ^ | \ and form
 * feed) taking two septets (escape 0x1B and its code); otherwise UCS-2 (data_coding 8, UTF-16BE: Arabic always).
 * One part holds 160 septets or 70 UCS-2 code units; a longer text is split at 153 septets or 67 code units per
 * part, each part with a concatenation header (UDH), never inside a character, an escape pair or a surrogate pair
 * (the split is by grapheme). The counting and splitting are the library sms-segments-calculator's (Twilio's).
 */

/** SMPP data_coding of the GSM 7-bit default alphabet (the SMSC default) and of UCS-2. */
export const DATA_CODING_GSM7 = 0;
export const DATA_CODING_UCS2 = 8;

/** One text as SMS parts: its data_coding (0 or 8) and each part's user data without header, in order. */
export type EncodedSms = { dataCoding: 0 | 8; parts: Buffer[] };

/**
 * Encodes `text` for SMPP: the data_coding and each part's bytes (GSM 7-bit as one septet per octet, unpacked, as
 * SMPP carries data_coding 0; UCS-2 as UTF-16BE). An empty text is one empty part.
 */
export function encodeSms(text: string): EncodedSms {
  const message = new SegmentedMessage(text);
  const gsm = message.encodingName === "GSM-7";
  const parts = message.segments.map((segment) => {
    const bytes: number[] = [];
    for (const item of segment) {
      // A segment's items are its characters (EncodedChar: `raw`, `codeUnits`) and, in a part of several, six
      // placeholders of the header's octets, which have no `raw`.
      if (typeof item.raw !== "string") continue;
      if (gsm) bytes.push(...(item.codeUnits as number[]));
      else {
        for (let i = 0; i < item.raw.length; i++) {
          const unit = item.raw.charCodeAt(i);
          bytes.push(unit >> 8, unit & 0xff);
        }
      }
    }
    return Buffer.from(bytes);
  });
  return { dataCoding: gsm ? DATA_CODING_GSM7 : DATA_CODING_UCS2, parts };
}

/** The number of SMS parts `text` takes (1 or more): what a provider charges for, and `sms_messages.parts`. */
export function smsPartCount(text: string): number {
  return new SegmentedMessage(text).segmentsCount;
}

/**
 * The concatenation user data header of part `part` (1-based) of `total` (3GPP TS 23.040 9.2.3.24.1): length 5,
 * information element 0x00 (8-bit reference), length 3, the message's reference `reference` (0-255, the same in
 * every part of one message), the number of parts and this part's number. Sent with esm_class 0x40 (UDHI).
 */
export function concatenationHeader(reference: number, total: number, part: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, part]);
}

/**
 * A text for people as data, never as a packed string: a key of locales/<lang>/<namespace>.json (`account:errors.tooMany`)
 * and the values of its {{placeholders}} (`{ minutes: 3 }`). Form errors, the messages of an action's answer and the
 * loader's notices are Messages; they are translated where they are shown (useMessage in platform/forms/FormParts.tsx,
 * or `t(message.key, message.values)` on the server for a toast).
 */
export type Message = { key: string; values?: Record<string, string | number> };

/** The Message of `key`, with `values` for its placeholders when it has any. Never throws. */
export function message(key: string, values?: Message["values"]): Message {
  return values ? { key, values } : { key };
}

/**
 * "Too many attempts, wait {{minutes}}" for a wait of `retryAfter` seconds (a rate limit's answer), in whole minutes
 * rounded up and at least 1: `account:errors.tooMany` for the account forms (login, sign-up, codes, reset) and
 * `forms:errors.tooMany` for the public forms and uploads. Never throws.
 */
export function tooMany(key: "account:errors.tooMany" | "forms:errors.tooMany", retryAfter: number): Message {
  return message(key, { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
}

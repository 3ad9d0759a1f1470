/**
 * `text` escaped for HTML text and double-quoted attribute values exactly as React 18 escapes them (`&`, `<`, `>`,
 * `"` and `'`), so that HTML written as a string is byte for byte what React writes for the same text: the offline
 * page of the service worker, the server's place options (decision 033) and the cached property cards' links
 * (decision 033).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

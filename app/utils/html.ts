/**
 * `text` escaped for HTML text and double-quoted attribute values (`&`, `<`, `>`, `"`): for the few pieces of HTML
 * written as strings (the offline page of the service worker, the server's place options; decision 035).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A key for one showing of a form whose order must be made once (the voucher batch): the
 * same form sent twice (a double click, a post sent again) carries the same key and the
 * server makes one order. Made in the browser, so a form shown again by the browser's Back,
 * whose props are those of its first showing, gets a key of its own. 24 random bytes as
 * base64url: 32 characters of the shape the server accepts (FORM_KEY_SHAPE). */
export function newFormKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

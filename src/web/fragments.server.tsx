import { createHash } from "node:crypto";
import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { QuoteFragmentCache } from "../server/modules/public-quote/fragment-cache";
import type { FragmentRenderer } from "./fragments";

/**
 * Each object input by the digest of its JSON, kept per object (decision 095): the public page's
 * read model comes from a cache (read-cache.ts) as the same objects request after request, so the
 * 39 KB document is stringified and hashed once, not on every render. An object is never changed
 * once read (the read cache's rule), so its digest stays true; a new read is a new object.
 */
const digests = new WeakMap<object, string>();
function digestObjects(this: unknown, _key: string, value: unknown): unknown {
  // Only the inputs themselves (the array's elements); their insides are in their digest.
  if (!Array.isArray(this) || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  let digest = digests.get(value);
  if (digest === undefined) {
    digest = createHash("sha256").update(JSON.stringify(value)).digest("base64url");
    digests.set(value, digest);
  }
  return { "#": digest };
}

/**
 * The page's fragments from the app's cache (decision 088). The key is a hash of the locale and of
 * every input as JSON, so a changed input is a different entry and nothing is ever served stale.
 * A miss renders the element alone (react-dom's renderToString: its own module state, and it puts
 * back the hooks dispatcher it replaces, so it may run inside a component of the page's render)
 * under the page's i18n instance, and keeps what lies between the frame's opening and closing tags,
 * checked against the frame rendered empty: the page then renders the frame with that HTML inside,
 * the same bytes as the element. A render that does not start and end with the frame is not kept
 * (null: the page renders the element itself).
 */
export function fragmentRenderer(cache: QuoteFragmentCache, i18n: I18n, locale: string): FragmentRenderer {
  return {
    inner(inputs, element, frame) {
      const key = createHash("sha256").update(locale).update("\0").update(JSON.stringify(inputs, digestObjects)).digest("base64url");
      const known = cache.get(key);
      if (known !== undefined) return known;
      const whole = renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
      const empty = renderToString(frame);
      const cut = empty.lastIndexOf("</");
      if (cut <= 0) return null;
      const open = empty.slice(0, cut);
      const close = empty.slice(cut);
      if (!whole.startsWith(open) || !whole.endsWith(close) || whole.length < open.length + close.length) return null;
      const inner = whole.slice(open.length, whole.length - close.length);
      cache.set(key, inner);
      return inner;
    },
  };
}

import { useNonce } from "../../nonce";

/**
 * Structured data. type="application/ld+json" is data, not script, but it carries the response's
 * CSP nonce anyway. "<" is escaped so that no string can close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD from our own data, with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

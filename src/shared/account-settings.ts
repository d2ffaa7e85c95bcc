import { z } from "zod";
import { COUNTRIES, CURRENCIES, type Country, LANGUAGES, TEXT_FONTS, type TextFont } from "./enums";
import { ZCompanyName } from "./identity";
import { ZTimeZone } from "./statistics";
import { noControlCharacters } from "./text";

/**
 * Account settings rules (general settings and styling), shared by the forms and the server.
 * Messages are translation keys in the `settings` namespace. Checks per country are the cheap,
 * well-known formats only: a Dutch postal code `1234 AB`, a UK postcode, and the VAT number
 * patterns of NL and GB. Values are normalised (upper case, one space) before they are stored.
 */

export const ACCOUNT_LIMITS = { name: 120, text: 120, postalCode: 16, vatNumber: 20 } as const;

/** Postal code formats, and how a valid one is written. */
const POSTAL_CODES: Record<Country, { pattern: RegExp; normalise: (v: string) => string }> = {
  // 1234 AB: four digits (not starting with 0), two letters (SA, SD and SS are not issued).
  NL: {
    pattern: /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
    normalise: (v) => v.replace(/^(\d{4}) ?([A-Z]{2})$/, "$1 $2"),
  },
  // UK postcodes (the usual simplified pattern, plus GIR 0AA): outward code, space, inward code.
  GB: {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2})$/,
    normalise: (v) => v.replace(/^(.+?) ?([0-9][A-Z]{2})$/, "$1 $2"),
  },
};

/** VAT numbers: NL + 9 digits + B + 2 digits; GB + 9 or 12 digits. Spaces and dots are ignored. */
const VAT_NUMBERS: Record<Country, RegExp> = {
  NL: /^NL[0-9]{9}B[0-9]{2}$/,
  GB: /^GB([0-9]{9}|[0-9]{12})$/,
};

const upper = (v: string) => v.trim().toUpperCase();

/** A valid postal code of the country, normalised, or null when it is not one. */
export function normalisePostalCode(country: Country, value: string): string | null {
  const v = upper(value).replace(/\s+/g, " ");
  const rule = POSTAL_CODES[country];
  return rule.pattern.test(v) ? rule.normalise(v) : null;
}

/** A valid VAT number of the country, normalised (no spaces or dots), or null when it is not one. */
export function normaliseVatNumber(country: Country, value: string): string | null {
  const v = upper(value).replace(/[\s.]/g, "");
  return VAT_NUMBERS[country].test(v) ? v : null;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "settings:validation.tooLong" })
    .check(noControlCharacters())
    .nullish()
    .transform((v) => (v ? v : null));

const optionalCountry = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.enum(COUNTRIES, { error: "settings:validation.countryInvalid" }).nullable());

export const ZUpdateAccountInput = z
  .object({
    name: z
      .string({ error: "settings:validation.nameRequired" })
      .trim()
      .min(1, { error: "settings:validation.nameRequired" })
      .max(ACCOUNT_LIMITS.name, { error: "settings:validation.tooLong" })
      .check(noControlCharacters()),
    country: z.enum(COUNTRIES, { error: "settings:validation.countryInvalid" }),
    currency: z.enum(CURRENCIES, { error: "settings:validation.currencyInvalid" }),
    language: z.enum(LANGUAGES, { error: "settings:validation.languageInvalid" }),
    vatNumber: optionalText(ACCOUNT_LIMITS.vatNumber),
    billingFirstName: optionalText(ACCOUNT_LIMITS.text),
    billingLastName: optionalText(ACCOUNT_LIMITS.text),
    billingStreetAndNumber: optionalText(ACCOUNT_LIMITS.text),
    billingStreetAdditional: optionalText(ACCOUNT_LIMITS.text),
    billingPostalCode: optionalText(ACCOUNT_LIMITS.postalCode),
    billingCity: optionalText(ACCOUNT_LIMITS.text),
    billingCountry: optionalCountry,
    quoteStreetAndNumber: optionalText(ACCOUNT_LIMITS.text),
    quotePostalCode: optionalText(ACCOUNT_LIMITS.postalCode),
    quoteCity: optionalText(ACCOUNT_LIMITS.text),
    /** IANA name; left as it is when not sent. */
    timeZone: ZTimeZone.nullish().transform((v) => v ?? undefined),
    /** E-mail the owners on a quote's first view; left as it is when not sent. */
    notifyFirstView: z
      .boolean()
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .transform((input, ctx) => {
    const out = { ...input };
    const postal = (field: "billingPostalCode" | "quotePostalCode", country: Country | null) => {
      const value = out[field];
      if (!value || !country) return;
      const normalised = normalisePostalCode(country, value);
      if (normalised) out[field] = normalised;
      else ctx.issues.push({ code: "custom", path: [field], message: `settings:validation.postalCode${country}`, input: value });
    };
    // The billing postal code follows the billing country (or the company's); the quote's the company's.
    postal("billingPostalCode", out.billingCountry ?? out.country);
    postal("quotePostalCode", out.country);
    if (out.vatNumber) {
      const vat = normaliseVatNumber(out.country, out.vatNumber);
      if (vat) out.vatNumber = vat;
      else ctx.issues.push({ code: "custom", path: ["vatNumber"], message: `settings:validation.vatNumber${out.country}`, input: out.vatNumber });
    }
    return out;
  });
export type TUpdateAccountInput = z.input<typeof ZUpdateAccountInput>;

/** A colour as the styling stores it: `#rrggbb` (a 3-digit `#rgb` is widened), lower case. */
export const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
export function normaliseHexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (!HEX_COLOR.test(v)) return null;
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
}

const color = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const normalised = normaliseHexColor(v);
    if (!normalised) {
      ctx.issues.push({ code: "custom", message: "settings:validation.colorInvalid", input: v });
      return z.NEVER;
    }
    return normalised;
  });

export const ZUpdateAccountStylingInput = z.object({
  linkColor: color,
  textColor: color,
  textFont: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.enum(TEXT_FONTS, { error: "settings:validation.fontInvalid" }).nullable()),
});
export type TUpdateAccountStylingInput = z.input<typeof ZUpdateAccountStylingInput>;

/** Defaults a quote uses when the account chose nothing. */
export const DEFAULT_STYLING = { linkColor: "#1d4ed8", textColor: "#0f172a", textFont: "INTER" as TextFont } as const;

/** The CSS font stack of each bundled font (the @font-face rules come from @fontsource). */
export const FONT_FAMILIES: Record<TextFont, string> = {
  INTER: "'Inter', 'Inter Fallback', ui-sans-serif, system-ui, sans-serif",
  LATO: "'Lato', 'Lato Fallback', ui-sans-serif, system-ui, sans-serif",
  MERRIWEATHER: "'Merriweather', 'Merriweather Fallback', ui-serif, Georgia, serif",
  PLAYFAIR_DISPLAY: "'Playfair Display', 'Playfair Display Fallback', ui-serif, Georgia, serif",
};

/** Display names (proper names: the same in every language). */
export const FONT_NAMES: Record<TextFont, string> = {
  INTER: "Inter",
  LATO: "Lato",
  MERRIWEATHER: "Merriweather",
  PLAYFAIR_DISPLAY: "Playfair Display",
};

/** Logo upload rules (SPEC §5: at most 5 MB). */
export const LOGO = {
  maxBytes: 5 * 1024 * 1024,
  /** What an upload may be (detected from the content, not the name or the claimed type). */
  types: ["image/png", "image/jpeg", "image/webp"] as const,
  /** The stored logo fits in this box (never enlarged). */
  maxWidth: 800,
  maxHeight: 400,
  /** Larger images are refused before they are decoded (pixel floods): 40 megapixels. */
  maxInputPixels: 40_000_000,
} as const;

/** A signed-in user's next company account (the account menu's "new account"). */
export const ZCreateAccountInput = z.object({ companyName: ZCompanyName });
export type TCreateAccountInput = z.input<typeof ZCreateAccountInput>;

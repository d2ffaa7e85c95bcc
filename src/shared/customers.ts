import { z } from "zod";
import { noControlCharacters } from "./text";

/**
 * Customer input rules, shared by the form (hints) and the server (the rule). Messages are
 * translation keys in the `customers` namespace.
 */
const optionalText = (max: number, key: string, multiLine = false) =>
  z
    .string()
    .trim()
    .max(max, { error: key })
    .check(noControlCharacters({ multiLine }))
    .nullish()
    .transform((v) => (v ? v : null));

export const CUSTOMER_LIMITS = { name: 120, companyName: 120, contactPerson: 120, email: 254, phone: 40, content: 2000 } as const;

export const ZCustomerInput = z.object({
  name: z
    .string({ error: "customers:validation.nameRequired" })
    .trim()
    .min(1, { error: "customers:validation.nameRequired" })
    .max(CUSTOMER_LIMITS.name, { error: "customers:validation.nameTooLong" })
    .check(noControlCharacters()),
  companyName: optionalText(CUSTOMER_LIMITS.companyName, "customers:validation.companyNameTooLong"),
  contactPerson: optionalText(CUSTOMER_LIMITS.contactPerson, "customers:validation.contactPersonTooLong"),
  email: z
    .string()
    .trim()
    .max(CUSTOMER_LIMITS.email, { error: "customers:validation.emailInvalid" })
    .check(noControlCharacters())
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email({ error: "customers:validation.emailInvalid" }).nullable()),
  phone: z
    .string()
    .trim()
    .max(CUSTOMER_LIMITS.phone, { error: "customers:validation.phoneInvalid" })
    .regex(/^[0-9+()\-. /]*$/, { error: "customers:validation.phoneInvalid" })
    .nullish()
    .transform((v) => (v ? v : null)),
  content: optionalText(CUSTOMER_LIMITS.content, "customers:validation.contentTooLong", true),
});
export type TCustomerInput = z.input<typeof ZCustomerInput>;

export const CUSTOMER_SORTS = ["NAME_ASC", "NAME_DESC", "NEWEST", "OLDEST", "MOST_QUOTES"] as const;
export type TCustomerSort = (typeof CUSTOMER_SORTS)[number];

/** A list search: at most 100 characters (longer is refused with a message, not cut). */
export const ZSearch = z
  .string()
  .trim()
  .max(100, { error: "customers:validation.searchTooLong" })
  .check(noControlCharacters())
  .nullish()
  .transform((v) => (v ? v : null));

/** Escapes LIKE wildcards so that a search for "50%" finds "50%" literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

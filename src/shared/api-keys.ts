import { z } from "zod";
import { API_KEY_ROLES } from "./events";
import { noControlCharacters } from "./text";

/**
 * API key input rules (issue 23), shared by the Developers screen and the server. Messages are
 * translation keys in the `apiKeys` namespace.
 */
export const API_KEY_LIMITS = { name: 100, perAccount: 50 } as const;

export const ZCreateApiKeyInput = z.object({
  name: z
    .string({ error: "apiKeys:validation.nameRequired" })
    .trim()
    .min(1, { error: "apiKeys:validation.nameRequired" })
    .max(API_KEY_LIMITS.name, { error: "apiKeys:validation.nameTooLong" })
    .check(noControlCharacters()),
  role: z.enum(API_KEY_ROLES, { error: "apiKeys:validation.roleInvalid" }),
  expiresAt: z
    .date({ error: "apiKeys:validation.expiresInPast" })
    .nullish()
    .transform((v) => v ?? null)
    .refine((v) => v === null || v.getTime() > Date.now(), { error: "apiKeys:validation.expiresInPast" }),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;

import { z } from "zod";
import { ACCOUNT_ROLES } from "./enums";
import { ZEmail } from "./identity";
import { noControlCharacters } from "./text";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** Invitations one account may send per hour (every app server shares the counter). */
export const INVITATIONS_PER_HOUR = 20;

/** `inviteUser` (SPEC §5): e-mail required, name optional; the role defaults to member. */
export const ZInviteUserInput = z.object({
  email: ZEmail,
  name: z
    .string()
    .trim()
    .max(100, { error: "auth:validation.nameTooLong" })
    .check(noControlCharacters())
    .nullish()
    .transform((name) => (name ? name : null)),
  role: z
    .enum(ACCOUNT_ROLES)
    .nullish()
    .transform((role) => role ?? "member"),
});
export type TInviteUserInput = z.input<typeof ZInviteUserInput>;

/** An invitation token as it arrives from a link: url-safe base64 of 32 bytes. */
export const ZInvitationToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "team:errors.invalidInvitation" });

/** `deleteAccount`: the account's name, typed to confirm. */
export const ZConfirmName = z.string().trim().min(1, { error: "team:errors.confirmNameMismatch" }).max(200);

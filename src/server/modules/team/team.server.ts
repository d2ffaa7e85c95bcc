/**
 * What page loaders (src/web) may call in the team domain. The `.server.ts` name keeps it out of
 * the browser bundle; src/web imports src/server only through such files (tests/unit/imports.test.ts).
 */
import type { Executor } from "../../db/client";
import { AppError } from "../../errors";
import { type InvitationView, getInvitationByToken } from "./team.service";

/** The open invitation behind a token, or null for any link that is not open (used, declined, revoked, expired, unknown). */
export async function findOpenInvitation(db: Executor, token: string): Promise<InvitationView | null> {
  try {
    return await getInvitationByToken(db, token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

/**
 * SPEC §7 freshness: inviting a user refetches the account (and its team); every other change of
 * the team refetches the team list.
 */
const refetchTeam = (_result: unknown, _args: unknown, cache: Cache) => {
  invalidateList(cache, "teamMembers");
  invalidateList(cache, "account");
};

export const teamUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  inviteUser: refetchTeam,
  updateMemberRole: refetchTeam,
  removeMember: refetchTeam,
  revokeInvitation: refetchTeam,
  transferOwnership: refetchTeam,
};

/** TeamMember ids are a user's or an invitation's: unique, so they key the cache. Invitations are not cached by identity (SPEC §7). */
export const teamKeys = {
  Invitation: () => null,
} as const;

import type { UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

/** A new account appears in the user's list of accounts. */
export const settingsUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  createAccount: (_result, _args, cache) => invalidateList(cache, "accounts"),
};

/** SPEC §7: the public account is not cached by identity (it has no id of its own). */
export const settingsKeys = {
  PublicAccount: () => null,
} as const;

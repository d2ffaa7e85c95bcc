import { useQuery } from "urql";
import { AccountSettingsQuery } from "../operations";

/** The selected account's settings, and whether the signed-in user may change them (owner, admin). */
export function useAccountSettings() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: AccountSettingsQuery });
  const account = data?.account ?? null;
  const canEdit = account?.viewerRole === "OWNER" || account?.viewerRole === "ADMIN";
  return { account, canEdit, fetching, error, retry: () => refetch({ requestPolicy: "network-only" }) };
}

import { useQuery } from "urql";
import { isExpired, isTrial } from "../../../../shared/subscription";
import { AccountPlanQuery } from "../operations";

/**
 * The selected account's plan state and the caller's role in it (paying and cancelling are for the
 * owner only; the server checks that too). Shared by the billing screens and the expired modal.
 */
export function useAccountPlan() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: AccountPlanQuery, requestPolicy: "cache-and-network" });
  const account = data?.account;
  const email = data?.me?.email?.toLowerCase();
  const role = account?.identityAccountsUsers.find((au) => au.identityUser?.email.toLowerCase() === email)?.role ?? null;
  return {
    account,
    role,
    isOwner: role === "OWNER",
    trial: account ? isTrial(account) : false,
    expired: account ? isExpired(account) : false,
    fetching,
    error,
    refetch,
  };
}

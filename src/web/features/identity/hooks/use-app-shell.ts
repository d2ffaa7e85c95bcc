import { useRouteLoaderData } from "react-router";
import type { AppAccount } from "../../../lib/auth.server";

type AppShellData = { accounts: AppAccount[]; selectedAccountId: string };

/**
 * The app shell's data from its loader (routes/app/layout.tsx: route id "app", or "nl:app" in
 * Dutch), rendered on the server with the page: the accounts and the caller's role in the selected
 * one. Undefined outside the app area.
 */
export function useAppShell(): (AppShellData & { role: AppAccount["role"] | undefined }) | undefined {
  const en = useRouteLoaderData<AppShellData>("app");
  const nl = useRouteLoaderData<AppShellData>("nl:app");
  const data = en ?? nl;
  if (!data) return undefined;
  return { ...data, role: data.accounts.find((a) => a.id === data.selectedAccountId)?.role };
}

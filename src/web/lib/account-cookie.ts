/** The selected account, remembered per browser; sent as the `Account` header by the GraphQL client. */
export const ACCOUNT_COOKIE = "offerly_account";

export function rememberAccount(accountId: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${ACCOUNT_COOKIE}=${encodeURIComponent(accountId)}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
}

import type { TFunction } from "i18next";
import type { AccountRole } from "../../shared/enums";
import type { ApiKeyRole } from "../../shared/events";
import type { Locale } from "../../shared/locales";
import type { Config } from "../config";
import type { AppError } from "../errors";
import type { Database } from "../db/client";
import type { ReadDb } from "../db/replica";
import type { FileStorage } from "../files/storage";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";

export type { AccountRole };

export type CurrentUser = { id: string; email: string; name: string | null };

/**
 * An API key calling (`Authorization: Bearer ofr_live_…`, decision 050): it acts for its one
 * account as a member with the key's role (ADMIN → admin, READ_ONLY → member, and no mutation at
 * all), without a user.
 */
export type ApiKeyCaller = {
  id: string;
  name: string;
  role: ApiKeyRole;
  accountId: string;
  /** Why the key may do nothing now (the account's plan has no `developerApi`, or it expired): every request is refused with it. */
  refusal: AppError | null;
};

/** Who is calling, resolved once per request. */
export type AuthState = {
  user: CurrentUser | null;
  /**
   * The account named in the `Account` header, verified to be one the user belongs to; for an API
   * key, the key's account (the header is not needed and not read), unless the key is refused.
   */
  account: { id: string; role: AccountRole } | null;
  /** The API key the request carries, when it is a live one (no user then). */
  apiKey?: ApiKeyCaller | null;
  /** The request carried an `ofr_` key that is unknown, malformed, revoked or expired: refused with 401. */
  invalidApiKey?: boolean;
};

/** Everything a request needs, built once per request and shared by GraphQL and the pages. */
export type RequestContext = {
  requestId: string;
  request: Request;
  locale: Locale;
  t: TFunction;
  db: Database;
  /** Reads that tolerate a little lag (statistics, public quote pages): the read replica when configured, else `db`. */
  readDb: ReadDb;
  config: Config;
  log: Logger;
  mail: Mailer;
  /** The files adapter (logos, drawn signatures): a folder under DATA_DIR or an S3-compatible bucket. */
  files: FileStorage;
  auth: AuthState;
  /** The caller's network address (behind TRUST_PROXY: the proxy's X-Forwarded-For hop); undefined in-process. */
  clientAddress?: string;
  /** A JSON POST body the HTTP layer already parsed (app.ts): Yoga uses it instead of reading the body again. */
  parsedBody?: unknown;
};

export type GraphQLContext = RequestContext;

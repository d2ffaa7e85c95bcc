import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { accountUsers, docusignEnvelopes } from "../../../db/schema";
import type { FileStorage } from "../../../files/storage";
import { addOAuthRoutes, type OAuthRouteDeps } from "../oauth-routes";
import { SignatureProviderError } from "../signature-provider";
import { completeDocuSignConnect, processDocuSignConnect, startDocuSignConnect } from "./docusign.service";

type Deps = OAuthRouteDeps & { files: FileStorage };

/** A Connect message is a small JSON document (we do not ask for documents in it). */
const MAX_CONNECT_BODY = 1024 * 1024;

/**
 * DocuSign (issue 25, decision 059), under /api/integrations/docusign:
 * - `GET /connect?account=<id>&locale=en|nl`: a signed-in owner or admin goes to DocuSign's consent
 *   screen (302); anything else back to Settings → Integrations with `docusign=error&reason=…`.
 * - `GET /callback?code&state` (or `?error=access_denied&state`): DocuSign's redirect back; then a
 *   redirect to Settings → Integrations with `docusign=connected` or `docusign=error&reason=…`.
 * - `GET /documents/:envelopeId/:what` (what = signed | certificate): the stored PDF, for members of
 *   the envelope's account only (`private, no-store`).
 */
export function docusignRoutes(deps: Deps) {
  const app = new Hono();
  addOAuthRoutes(
    app,
    deps,
    { id: "docusign", name: "DocuSign" },
    {
      start: (accountId, userId, locale) => startDocuSignConnect(deps.db, deps.config, accountId, userId, locale),
      complete: (input) => completeDocuSignConnect(deps.db, deps.config, input),
    },
  );

  app.get("/documents/:envelopeId/:what", async (c) => {
    const what = c.req.param("what");
    const notFound = () => c.text("Not found", 404, { "Cache-Control": "private, no-store" });
    if (what !== "signed" && what !== "certificate") return notFound();
    const auth = await deps.authenticate(c.req.raw, deps.db);
    if (!auth.user) return notFound();
    const [row] = await deps.db
      .select({ signed: docusignEnvelopes.signedFileKey, certificate: docusignEnvelopes.certificateFileKey })
      .from(docusignEnvelopes)
      .innerJoin(accountUsers, and(eq(accountUsers.accountId, docusignEnvelopes.accountId), eq(accountUsers.userId, auth.user.id)))
      .where(eq(docusignEnvelopes.envelopeId, c.req.param("envelopeId").slice(0, 100)))
      .limit(1);
    const key = row?.[what];
    const file = key ? await deps.files.get(key) : null;
    if (!file) return notFound();
    return new Response(file.body, {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="docusign-${what}.pdf"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
  return app;
}

/**
 * POST /api/webhooks/docusign — DocuSign Connect (JSON SIM). Every `X-DocuSign-Signature-n` is
 * checked against the raw body with the active Connect keys before anything is read: a bad HMAC
 * gets 401 and changes nothing. 200 for every verified message (also an unknown envelope or a
 * replay, which change nothing); 503 when DocuSign itself could not be reached, so that Connect
 * delivers again; never a 500.
 */
export function docusignWebhookRoutes(deps: Omit<Deps, "authenticate">) {
  const app = new Hono();
  app.post("/docusign", async (c) => {
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_CONNECT_BODY) return c.text("", 413);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (raw.byteLength > MAX_CONNECT_BODY) return c.text("", 413);
    try {
      const outcome = await processDocuSignConnect(deps, raw, c.req.raw.headers);
      deps.log.info({ outcome }, "DocuSign Connect");
      if (outcome === "unauthorized") return c.text("", 401);
      return c.text("", 200);
    } catch (error) {
      if (error instanceof SignatureProviderError) deps.log.warn({ err: error }, "DocuSign Connect: DocuSign unreachable");
      else deps.log.error({ err: error }, "DocuSign Connect failed");
      return c.text("", 503, { "Retry-After": "60" });
    }
  });
  return app;
}

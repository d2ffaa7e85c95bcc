import { keepIdleSockets } from "./listen";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Slack that "Add to Slack" and incoming webhooks use, written
 * from Slack's published contract (api.slack.com: oauth.v2.access, incoming webhooks, Block Kit):
 *
 * - `GET /oauth/v2/authorize?client_id&scope&redirect_uri&state`: Slack's consent screen with its
 *   channel picker; here the person "allows" at once for the channel set with `nextChannel()` (or
 *   denies: `denyNext()`), and the browser goes to redirect_uri with `code` and `state` (or
 *   `error=access_denied`).
 * - `POST /api/oauth.v2.access`: form-encoded `code` (+ `redirect_uri`, which must match), the
 *   client's id and secret by HTTP Basic auth or in the body; a code works once and for 10 minutes;
 *   Slack answers 200 with `{ ok: false, error: "invalid_code" | "invalid_client_id" | "bad_client_secret" | "bad_redirect_uri" }`,
 *   or `{ ok: true, access_token, scope, team: { id, name }, incoming_webhook: { channel, channel_id, configuration_url, url } }`.
 * - `POST /services/T…/B…/…` (an incoming webhook): a JSON body with `text` and/or `blocks`; the
 *   blocks are checked against Block Kit's rules (section / context / actions / header / divider,
 *   text objects `mrkdwn` or `plain_text`, buttons with plain_text text and a url, Slack's length
 *   limits); answers `200 ok`, `400 invalid_blocks` / `invalid_payload`, and per hook as set by a
 *   test: `404 no_service` (the app removed), `410 channel_is_archived`, `429` with Retry-After.
 */
export type SlackPost = { hook: string; channel: string; body: { text?: string; blocks?: Block[] }; at: number };
type TextObject = { type: string; text: string; emoji?: boolean };
type Block = { type: string; text?: TextObject; fields?: TextObject[]; elements?: Record<string, unknown>[] };
type Hook = { channel: string; channelId: string; state: "ok" | "revoked" | "archived"; rateLimited: number; retryAfter: number };

export function blockKitProblem(body: unknown): string | null {
  if (!body || typeof body !== "object") return "invalid_payload";
  const { text, blocks } = body as { text?: unknown; blocks?: unknown };
  if (text !== undefined && typeof text !== "string") return "invalid_payload";
  if (blocks === undefined) return typeof text === "string" && text.length > 0 ? null : "no_text";
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > 50) return "invalid_blocks";
  const textObject = (value: unknown, max: number, only?: string) => {
    if (!value || typeof value !== "object") return false;
    const o = value as TextObject;
    if (o.type !== "mrkdwn" && o.type !== "plain_text") return false;
    if (only && o.type !== only) return false;
    if (o.type === "mrkdwn" && "emoji" in o) return false;
    return typeof o.text === "string" && o.text.length >= 1 && o.text.length <= max;
  };
  for (const raw of blocks) {
    const block = raw as Block;
    switch (block?.type) {
      case "section":
        if (!block.text && !block.fields) return "invalid_blocks";
        if (block.text && !textObject(block.text, 3000)) return "invalid_blocks";
        if (block.fields && (!Array.isArray(block.fields) || block.fields.length > 10 || !block.fields.every((f) => textObject(f, 2000))))
          return "invalid_blocks";
        break;
      case "context":
        if (!Array.isArray(block.elements) || block.elements.length === 0 || block.elements.length > 10) return "invalid_blocks";
        if (!block.elements.every((e) => textObject(e, 3000))) return "invalid_blocks";
        break;
      case "actions":
        if (!Array.isArray(block.elements) || block.elements.length === 0 || block.elements.length > 25) return "invalid_blocks";
        for (const element of block.elements) {
          if (element.type !== "button" || !textObject(element.text, 75, "plain_text")) return "invalid_blocks";
          if (typeof element.url !== "string" || element.url.length > 3000 || !URL.canParse(element.url)) return "invalid_blocks";
          if (element.action_id !== undefined && (typeof element.action_id !== "string" || element.action_id.length > 255)) return "invalid_blocks";
          if (element.style !== undefined && element.style !== "primary" && element.style !== "danger") return "invalid_blocks";
        }
        break;
      case "header":
        if (!textObject(block.text, 150, "plain_text")) return "invalid_blocks";
        break;
      case "divider":
        break;
      default:
        return "invalid_blocks";
    }
  }
  return null;
}

export async function startSlackStub(options: { clientId?: string; clientSecret?: string; team?: string } = {}) {
  const clientId = options.clientId ?? "1234.5678";
  const clientSecret = options.clientSecret ?? "stub-client-secret";
  const team = { id: "T0STUB", name: options.team ?? "Stub Workspace" };
  const codes = new Map<string, { channel: string; redirectUri: string; expiresAt: number }>();
  const hooks = new Map<string, Hook>();
  const posts: SlackPost[] = [];
  const exchanges: { code: string; ok: boolean; error?: string }[] = [];
  let next: { channel: string; deny: boolean } = { channel: "#general", deny: false };
  let base = "";

  const newHook = (channel: string) => {
    const path = `/services/${team.id}/B${crypto.randomBytes(4).toString("hex").toUpperCase()}/${crypto.randomBytes(12).toString("hex")}`;
    hooks.set(path, { channel, channelId: `C${crypto.randomBytes(4).toString("hex").toUpperCase()}`, state: "ok", rateLimited: 0, retryAfter: 1 });
    return path;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const raw = Buffer.concat(chunks).toString("utf8");
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(body));
      };
      const text = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
        res.end(body);
      };

      if (req.method === "GET" && url.pathname === "/oauth/v2/authorize") {
        const redirectUri = url.searchParams.get("redirect_uri") ?? "";
        const state = url.searchParams.get("state") ?? "";
        if (url.searchParams.get("client_id") !== clientId) return text(400, "invalid_client_id");
        if (url.searchParams.get("scope") !== "incoming-webhook") return text(400, "invalid_scope");
        if (!URL.canParse(redirectUri)) return text(400, "bad_redirect_uri");
        const target = new URL(redirectUri);
        target.searchParams.set("state", state);
        if (next.deny) {
          next.deny = false;
          target.searchParams.set("error", "access_denied");
        } else {
          const code = `${Date.now()}.${crypto.randomBytes(12).toString("hex")}`;
          codes.set(code, { channel: next.channel, redirectUri, expiresAt: Date.now() + 10 * 60_000 });
          target.searchParams.set("code", code);
        }
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }

      if (req.method === "POST" && url.pathname === "/api/oauth.v2.access") {
        if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return json(200, { ok: false, error: "invalid_form_data" });
        const form = new URLSearchParams(raw);
        let id = form.get("client_id");
        let secret = form.get("client_secret");
        const auth = req.headers.authorization;
        if (auth?.startsWith("Basic ")) {
          const [user, pass] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
          id = decodeURIComponent(user ?? "");
          secret = decodeURIComponent(pass ?? "");
        }
        const code = form.get("code") ?? "";
        const fail = (error: string) => {
          exchanges.push({ code, ok: false, error });
          return json(200, { ok: false, error });
        };
        if (id !== clientId) return fail("invalid_client_id");
        if (secret !== clientSecret) return fail("bad_client_secret");
        const issued = codes.get(code);
        codes.delete(code); // single use
        if (!issued || issued.expiresAt < Date.now()) return fail("invalid_code");
        const redirectUri = form.get("redirect_uri");
        if (redirectUri !== null && redirectUri !== issued.redirectUri) return fail("bad_redirect_uri");
        const path = newHook(issued.channel);
        const hook = hooks.get(path) as Hook;
        exchanges.push({ code, ok: true });
        return json(200, {
          ok: true,
          app_id: "A0STUB",
          authed_user: { id: "U0STUB" },
          scope: "incoming-webhook",
          token_type: "bot",
          access_token: `xoxb-${crypto.randomBytes(8).toString("hex")}`,
          bot_user_id: "U0BOT",
          team,
          enterprise: null,
          is_enterprise_install: false,
          incoming_webhook: { channel: issued.channel, channel_id: hook.channelId, configuration_url: `${base}/services/B0STUB`, url: `${base}${path}` },
        });
      }

      if (req.method === "POST" && url.pathname.startsWith("/services/")) {
        const hook = hooks.get(url.pathname);
        if (!hook || hook.state === "revoked") return text(404, "no_service");
        if (hook.state === "archived") return text(410, "channel_is_archived");
        if (hook.rateLimited > 0) {
          hook.rateLimited -= 1;
          return text(429, "rate_limited", { "retry-after": String(hook.retryAfter) });
        }
        if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return text(400, "invalid_payload");
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return text(400, "invalid_payload");
        }
        const problem = blockKitProblem(body);
        if (problem) return text(400, problem);
        posts.push({ hook: url.pathname, channel: hook.channel, body: body as SlackPost["body"], at: Date.now() });
        return text(200, "ok");
      }
      text(404, "not_found");
    });
  });
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const hookOf = (urlOrPath: string) => {
    const path = urlOrPath.startsWith("http") ? new URL(urlOrPath).pathname : urlOrPath;
    const hook = hooks.get(path);
    if (!hook) throw new Error(`no such hook: ${urlOrPath}`);
    return hook;
  };
  return {
    url: base,
    clientId,
    clientSecret,
    team,
    posts,
    exchanges,
    /** The channel the next "Add to Slack" picks. */
    nextChannel(channel: string) {
      next = { channel, deny: false };
    },
    /** The next consent screen is refused (`error=access_denied`). */
    denyNext() {
      next.deny = true;
    },
    /** An incoming webhook made by hand (what a person pastes): its full URL. */
    createHook(channel: string) {
      return `${base}${newHook(channel)}`;
    },
    revoke(hook: string) {
      hookOf(hook).state = "revoked";
    },
    archive(hook: string) {
      hookOf(hook).state = "archived";
    },
    rateLimit(hook: string, times: number, retryAfterSeconds = 1) {
      const h = hookOf(hook);
      h.rateLimited = times;
      h.retryAfter = retryAfterSeconds;
    },
    async waitForPosts(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (posts.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return posts.length >= count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SlackStub = Awaited<ReturnType<typeof startSlackStub>>;

import { keepIdleSockets } from "./listen";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Harvest's API v2 (help.getharvest.com/api-v2) the Harvest
 * integration uses, following the published contract:
 * - every request needs `User-Agent` (400 without one), `Authorization: Bearer <token>` and
 *   `Harvest-Account-Id` (401 `invalid_token` when the pair is unknown);
 * - GET /v2/company, GET /v2/users/me;
 * - GET /v2/clients (?is_active), POST /v2/clients { name } (422 for a duplicate name);
 * - GET /v2/projects (?client_id), POST /v2/projects { client_id, name, is_billable, bill_by, budget_by };
 * - GET /v2/estimates (?client_id), POST /v2/estimates { client_id, line_items: [{ kind, description,
 *   quantity, unit_price, taxed }] } (amount = quantity × unit_price per item);
 * - POST /v2/estimates/{id}/messages { event_type: "accept" } → state accepted;
 * - lists paginate ({ <key>: [], per_page, page, next_page, total_entries });
 * - `throttleNext(n, seconds)`: the next n requests answer 429 with Retry-After (Harvest: 100 requests per 15 s);
 * - `revoke()`: the token stops working (401), as when its owner deletes it.
 * State is in memory, per stub.
 */
export type StubLineItem = {
  id: number;
  kind: string;
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
  taxed: boolean;
  taxed2: boolean;
};
export type StubClient = { id: number; name: string; is_active: boolean; currency: string; created_at: string };
export type StubProject = {
  id: number;
  name: string;
  code: string | null;
  client: { id: number; name: string };
  is_billable: boolean;
  bill_by: string;
  budget_by: string;
  cost_budget: number | null;
  starts_on: string | null;
  notes: string | null;
};
export type StubEstimate = {
  id: number;
  client: { id: number; name: string };
  subject: string | null;
  purchase_order: string | null;
  currency: string;
  notes: string | null;
  issue_date: string | null;
  state: "draft" | "sent" | "accepted" | "declined";
  accepted_at: string | null;
  line_items: StubLineItem[];
  amount: number;
};
export type StubRequest = { method: string; path: string; headers: Record<string, string>; body: unknown; status: number };

const BILL_BY = ["Project", "Tasks", "People", "none"];
const BUDGET_BY = ["project", "project_cost", "task", "task_fees", "person", "none"];

export async function startHarvestStub(options: { token?: string; accountId?: string; companyName?: string } = {}) {
  const token = options.token ?? "pat-good-token";
  let revoked = false;
  const accountId = options.accountId ?? "424242";
  const state = {
    clients: [] as StubClient[],
    projects: [] as StubProject[],
    estimates: [] as StubEstimate[],
    messages: [] as { estimateId: number; event_type: string }[],
  };
  const requests: StubRequest[] = [];
  let nextId = 1000;
  let throttle = { count: 0, seconds: 0 };
  const cents = (n: number) => Math.round(n * 100);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
        requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, headers, body, status });
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...extra });
        res.end(JSON.stringify(payload));
      };
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          return send(400, { error: "invalid_json" });
        }
      }
      if (!headers["user-agent"]) return send(400, { error: "bad_request", error_description: "Missing User-Agent header" });
      if (revoked || headers.authorization !== `Bearer ${token}` || headers["harvest-account-id"] !== accountId)
        return send(401, {
          error: "invalid_token",
          error_description: "The access token provided is expired, revoked, malformed or invalid for other reasons.",
        });
      if (throttle.count > 0) {
        throttle.count -= 1;
        return send(429, { error: "too_many_requests" }, { "retry-after": String(throttle.seconds) });
      }
      const page = <T>(key: string, items: T[]) => {
        const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 2000) || 2000, 2000);
        const n = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
        const slice = items.slice((n - 1) * perPage, n * perPage);
        return {
          [key]: slice,
          per_page: perPage,
          page: n,
          total_pages: Math.max(1, Math.ceil(items.length / perPage)),
          total_entries: items.length,
          next_page: n * perPage < items.length ? n + 1 : null,
        };
      };
      const clientRef = (id: unknown) => state.clients.find((c) => c.id === id);
      const path = url.pathname;
      const method = req.method;

      if (method === "GET" && path === "/v2/company")
        return send(200, { name: options.companyName ?? "Studio Stub", base_uri: "https://studiostub.harvestapp.com", is_active: true });
      if (method === "GET" && path === "/v2/users/me") return send(200, { id: 1, first_name: "Sam", last_name: "Stub", email: "sam@studiostub.test" });

      if (path === "/v2/clients") {
        if (method === "GET") {
          const active = url.searchParams.get("is_active");
          return send(
            200,
            page(
              "clients",
              state.clients.filter((c) => active === null || String(c.is_active) === active),
            ),
          );
        }
        if (method === "POST") {
          if (typeof body.name !== "string" || !body.name) return send(422, { message: "Name can't be blank" });
          if (state.clients.some((c) => c.name === body.name)) return send(422, { message: "Name has already been taken" });
          const client: StubClient = {
            id: nextId++,
            name: body.name,
            is_active: body.is_active !== false,
            currency: String(body.currency ?? "USD"),
            created_at: new Date().toISOString(),
          };
          state.clients.push(client);
          return send(201, client);
        }
      }
      if (path === "/v2/projects") {
        if (method === "GET") {
          const clientId = url.searchParams.get("client_id");
          return send(
            200,
            page(
              "projects",
              state.projects.filter((p) => clientId === null || String(p.client.id) === clientId),
            ),
          );
        }
        if (method === "POST") {
          const client = clientRef(body.client_id);
          if (!client) return send(422, { message: "Client can't be blank" });
          if (typeof body.name !== "string" || !body.name) return send(422, { message: "Name can't be blank" });
          if (typeof body.is_billable !== "boolean") return send(422, { message: "Is billable can't be blank" });
          if (!BILL_BY.includes(String(body.bill_by))) return send(422, { message: "Bill by is not included in the list" });
          if (!BUDGET_BY.includes(String(body.budget_by))) return send(422, { message: "Budget by is not included in the list" });
          if (state.projects.some((p) => p.client.id === client.id && p.name === body.name)) return send(422, { message: "Name has already been taken" });
          const project: StubProject = {
            id: nextId++,
            name: body.name,
            code: typeof body.code === "string" ? body.code : null,
            client: { id: client.id, name: client.name },
            is_billable: body.is_billable,
            bill_by: String(body.bill_by),
            budget_by: String(body.budget_by),
            cost_budget: typeof body.cost_budget === "number" ? body.cost_budget : null,
            starts_on: typeof body.starts_on === "string" ? body.starts_on : null,
            notes: typeof body.notes === "string" ? body.notes : null,
          };
          state.projects.push(project);
          return send(201, project);
        }
      }
      if (path === "/v2/estimates") {
        if (method === "GET") {
          const clientId = url.searchParams.get("client_id");
          return send(
            200,
            page(
              "estimates",
              state.estimates.filter((e) => clientId === null || String(e.client.id) === clientId),
            ),
          );
        }
        if (method === "POST") {
          const client = clientRef(body.client_id);
          if (!client) return send(422, { message: "Client can't be blank" });
          const items = Array.isArray(body.line_items) ? (body.line_items as Record<string, unknown>[]) : [];
          const lineItems: StubLineItem[] = [];
          for (const item of items) {
            if (typeof item.kind !== "string" || !["Service", "Product"].includes(item.kind))
              return send(422, { message: "Line items kind is not an item category" });
            if (typeof item.unit_price !== "number") return send(422, { message: "Line items unit price can't be blank" });
            const quantity = typeof item.quantity === "number" ? item.quantity : 1;
            lineItems.push({
              id: nextId++,
              kind: item.kind,
              description: String(item.description ?? ""),
              quantity,
              unit_price: item.unit_price,
              amount: cents(quantity * item.unit_price) / 100,
              taxed: item.taxed === true,
              taxed2: item.taxed2 === true,
            });
          }
          const estimate: StubEstimate = {
            id: nextId++,
            client: { id: client.id, name: client.name },
            subject: typeof body.subject === "string" ? body.subject : null,
            purchase_order: typeof body.purchase_order === "string" ? body.purchase_order : null,
            currency: String(body.currency ?? client.currency),
            notes: typeof body.notes === "string" ? body.notes : null,
            issue_date: typeof body.issue_date === "string" ? body.issue_date : null,
            state: "draft",
            accepted_at: null,
            line_items: lineItems,
            amount: lineItems.reduce((sum, li) => sum + cents(li.amount), 0) / 100,
          };
          state.estimates.push(estimate);
          return send(201, estimate);
        }
      }
      const message = /^\/v2\/estimates\/(\d+)\/messages$/.exec(path);
      if (message && method === "POST") {
        const estimate = state.estimates.find((e) => e.id === Number(message[1]));
        if (!estimate) return send(404, { error: "not_found" });
        const eventType = body.event_type;
        if (eventType === "accept") {
          estimate.state = "accepted";
          estimate.accepted_at = new Date().toISOString();
        } else if (eventType === "decline") estimate.state = "declined";
        else if (eventType === "send") estimate.state = "sent";
        else if (eventType === "re-open") estimate.state = "draft";
        else if (eventType !== undefined) return send(422, { message: "Event type is not included in the list" });
        state.messages.push({ estimateId: estimate.id, event_type: String(eventType ?? "") });
        return send(201, { id: nextId++, event_type: eventType ?? null, send_me_a_copy: false, recipients: [] });
      }
      return send(404, { error: "not_found" });
    });
  });
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    accountId,
    state,
    requests,
    /** The next `count` authenticated requests answer 429 with Retry-After: `seconds`. */
    throttleNext(count: number, seconds: number) {
      throttle = { count, seconds };
    },
    /** The token stops working (its owner deleted it). */
    revoke() {
      revoked = true;
    },
    restore() {
      revoked = false;
    },
    reset() {
      state.clients.length = 0;
      state.projects.length = 0;
      state.estimates.length = 0;
      state.messages.length = 0;
      requests.length = 0;
      throttle = { count: 0, seconds: 0 };
      revoked = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HarvestStub = Awaited<ReturnType<typeof startHarvestStub>>;

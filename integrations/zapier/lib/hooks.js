const crypto = require("node:crypto");
const { apiUrl, throwProblem } = require("./api");

/**
 * Instant triggers through REST hooks (docs/decisions/056): turning a Zap on subscribes Zapier's
 * URL to ONE event type (POST /api/v1/webhooks), turning it off deletes that endpoint
 * (DELETE /api/v1/webhooks/{id}). Offerly delivers each event per Standard Webhooks
 * (docs/webhooks.md): the body `{type, timestamp, data}`, signed with the endpoint's secret.
 *
 * The item a Zap gets is that body with the delivery's `webhook-id` as `id`: exactly what
 * GET /api/v1/events?type= lists as samples (performList), so a field mapped on a sample is there
 * in every live event.
 */

/** A header of the hook's raw request, whatever its case and whether or not Zapier prefixed it with `Http-`. */
function header(headers, name) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers || {})) {
    const k = key.toLowerCase();
    if (k === wanted || k === `http-${wanted}`) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/**
 * Standard Webhooks verification: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">` keyed
 * with the secret's bytes (the base64 after `whsec_`); during a rotation several signatures,
 * space-separated — one matching is enough.
 */
function verifySignature(secret, id, timestamp, body, signatures) {
  if (!secret || !id || !timestamp || !signatures) return false;
  const key = Buffer.from(String(secret).replace(/^whsec_/, ""), "base64");
  const expected = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return String(signatures)
    .split(" ")
    .some((candidate) => {
      const [version, value] = candidate.split(",", 2);
      if (version !== "v1" || !value) return false;
      const given = Buffer.from(value, "base64");
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}

/** A REST hook trigger for one Offerly event type. */
function hookTrigger({ key, eventType, noun, label, description, sample }) {
  return {
    key,
    noun,
    display: { label, description },
    operation: {
      type: "hook",
      performSubscribe: async (z, bundle) => {
        const response = await z.request({
          url: apiUrl(bundle, "/webhooks"),
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: { url: bundle.targetUrl, eventTypes: [eventType] },
        });
        // { id, secret }: kept by Zapier as bundle.subscribeData for perform and performUnsubscribe.
        return response.data;
      },
      performUnsubscribe: async (z, bundle) => {
        const id = bundle.subscribeData?.id;
        if (!id) return {};
        const response = await z.request({
          url: apiUrl(bundle, `/webhooks/${encodeURIComponent(id)}`),
          method: "DELETE",
          skipThrowForStatus: true,
        });
        // 404: already deleted in Offerly (Settings → Developers): nothing left to do.
        if (response.status !== 204 && response.status !== 404) throwProblem(response, z);
        return { deleted: true };
      },
      perform: async (z, bundle) => {
        const body = bundle.cleanedRequest || {};
        const raw = bundle.rawRequest;
        const headers = raw?.headers || {};
        const id = header(headers, "webhook-id");
        if (raw && typeof raw.content === "string") {
          const secret = bundle.subscribeData?.secret;
          if (!verifySignature(secret, id, header(headers, "webhook-timestamp"), raw.content, header(headers, "webhook-signature"))) {
            throw new z.errors.HaltedError("This request was not signed by Offerly with this Zap's secret: ignored.");
          }
        }
        // A test delivery from Settings → Developers, or another type: not this trigger's event.
        if (body.type !== eventType) return [];
        return [{ id: id || `${body.type}:${body.timestamp}`, type: body.type, timestamp: body.timestamp, data: body.data }];
      },
      performList: async (z, bundle) => {
        const response = await z.request({ url: apiUrl(bundle, "/events"), params: { type: eventType, limit: 3 } });
        return response.data.items;
      },
      sample,
    },
  };
}

module.exports = { hookTrigger, verifySignature, header };

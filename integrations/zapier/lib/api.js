/**
 * Talking to Offerly's REST API (/api/v1, docs/decisions/050 and 056): the address of the
 * connection's Offerly, the API key on every request, and Offerly's problem+json errors turned into
 * the errors Zapier shows.
 */

/** `https://offerly.example.com/` → `https://offerly.example.com/api/v1` + path. */
function apiUrl(bundle, path) {
  const raw = String(bundle.authData?.baseUrl || "").trim();
  let base;
  try {
    base = new URL(raw);
  } catch {
    throw new Error("The Offerly address is not a web address (for example https://offerly.example.com).");
  }
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new Error("The Offerly address must start with https://.");
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}/api/v1${path}`;
}

/** beforeRequest: the key as a bearer token, JSON both ways. */
function addApiKey(request, _z, bundle) {
  request.headers = request.headers || {};
  if (bundle.authData?.apiKey) request.headers.Authorization = `Bearer ${String(bundle.authData.apiKey).trim()}`;
  request.headers.Accept = "application/json";
  return request;
}

/** afterResponse: an RFC 9457 problem from Offerly → the error Zapier shows (its `detail` and field errors). */
function handleProblems(response, z) {
  if (response.status < 400 || response.skipThrowForStatus) return response;
  return throwProblem(response, z);
}

function throwProblem(response, z) {
  let problem = {};
  try {
    problem = JSON.parse(response.content || "{}");
  } catch {
    problem = {};
  }
  const fields = Array.isArray(problem.errors)
    ? problem.errors.map((e) => `${e.pointer ? e.pointer.replace(/^\//, "") : e.parameter || ""}: ${e.detail}`).join("; ")
    : "";
  const message = [problem.detail || `Offerly answered ${response.status}.`, fields].filter(Boolean).join(" ");
  if (response.status === 401) throw new z.errors.ExpiredAuthError(message);
  if (response.status === 429) throw new z.errors.ThrottledError(message, Number(response.getHeader("retry-after")) || 60);
  throw new z.errors.Error(message, problem.code || "OfferlyError", response.status);
}

module.exports = { apiUrl, addApiKey, handleProblems, throwProblem };

import { keepIdleSockets } from "./listen";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestOidcProvider = {
  issuer: string;
  /** Registers the client's redirect URI (when the app's address is known only after the provider's). */
  setRedirectUri: (uri: string) => void;
  clientId: string;
  clientSecret: string;
  /** Logs `login` in at the provider and consents, following redirects; returns the callback URL. */
  completeLogin: (authorizationUrl: string, login: string) => Promise<URL>;
  stop: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, standing in for Google. Every
 * account `x` has the e-mail `x@example.test` (verified) and the name `User x`.
 */
export async function startOidcProvider(initialRedirectUri?: string): Promise<TestOidcProvider> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end("not configured yet");
  };
  const server = http.createServer((req, res) => handler(req, res));
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "offerly-test";
  const clientSecret = "test-client-secret-that-is-long-enough-for-hs256";
  let redirectUri = "";
  const configure = (uri: string) => {
    redirectUri = uri;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          response_types: ["code"],
          grant_types: ["authorization_code"],
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["name"],
      },
      cookies: { keys: ["offerly-test-cookie-key"] },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@example.test`,
          email_verified: true,
          name: `User ${id}`,
        }),
      }),
      features: { devInteractions: { enabled: true } },
      ttl: {
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        Interaction: 600,
        AuthorizationCode: 60,
      },
    });
    handler = provider.callback();
  };
  if (initialRedirectUri) configure(initialRedirectUri);

  async function completeLogin(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let url = new URL(authorizationUrl);
    let method = "GET";
    let body: string | undefined;
    for (let step = 0; step < 20; step++) {
      const response = await fetch(url, {
        method,
        body,
        redirect: "manual",
        headers: {
          cookie: cookieHeader(),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
      });
      for (const c of response.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair.indexOf("=");
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get("location");
      if (location) {
        const next = new URL(location, url);
        if (next.toString().startsWith(redirectUri)) return next;
        url = next;
        method = "GET";
        body = undefined;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`Unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? "login";
      const form = new URLSearchParams({ prompt });
      if (prompt === "login") form.set("login", login);
      url = new URL(action.replace(/&amp;/g, "&"), url);
      method = "POST";
      body = form.toString();
    }
    throw new Error("Too many steps at the OIDC provider");
  }

  return {
    issuer,
    setRedirectUri: configure,
    clientId,
    clientSecret,
    completeLogin,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/**
 * Decision 070: the production build warms its PDF worker thread up a few seconds after it
 * listens (PDF_WARM_UP, on by default; the tests' other servers switch it off): the worker bundle
 * (build/server/pdf-worker.cjs) renders the warm-up quote and the server logs it. A bundle whose
 * worker cannot load or render fails here, before a customer's first PDF would.
 */
describe("the PDF worker's warm-up in the production build", () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("renders the warm-up quote in the worker after start and logs it, without an error", async () => {
    server = await startServer({ PDF_WARM_UP: "true", LOG_LEVEL: "info" });
    const deadline = Date.now() + 150_000;
    while (!server.output().includes("PDF worker warmed up") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(server.output()).toContain("PDF worker warmed up");
    // The server still answers, and stops cleanly with the worker idle.
    expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/PDF worker warm-up failed|"level":50/);
    server = undefined;
  }, 200_000);
});

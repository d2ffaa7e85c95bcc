import fs from "node:fs";

let cached: string | undefined;

/**
 * The marketing island's URL: in the production build, the hashed file named by
 * build/server/marketing-island.json (scripts/build-server.mjs writes it next to the server
 * bundle); in development, Vite serves the source module.
 */
export function marketingIslandSrc(): string {
  if (cached) return cached;
  try {
    cached = (JSON.parse(fs.readFileSync(new URL("./marketing-island.json", import.meta.url), "utf8")) as { src: string }).src;
  } catch {
    cached = "/src/web/features/marketing/island/main.ts";
  }
  return cached;
}

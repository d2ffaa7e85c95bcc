import { buildRobots } from "../../../server/modules/marketing/marketing.server";
import type { Route } from "./+types/robots";

/** /robots.txt, next to /sitemap.xml (same reason: one place for the site's public map). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobots(context.publicConfig.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

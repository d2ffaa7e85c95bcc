import { redirect } from "react-router";
import { localizePath } from "../../../shared/locales";
import type { Route } from "./+types/index";

/** /auth has no screen of its own: it is the sign-in page. */
export function loader({ context, request }: Route.LoaderArgs) {
  throw redirect(localizePath("/auth/sign-in", context.locale) + new URL(request.url).search);
}

export default function AuthIndex() {
  return null;
}

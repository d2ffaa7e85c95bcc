export { hashToken, randomToken } from "../../tokens";
/** A same-site path to go to after sign-in; anything pointing elsewhere is dropped (shared with the web). */
export { safeReturnPath } from "../../../shared/locales";

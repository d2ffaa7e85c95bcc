import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import auth from "./auth";
import common from "./common";

const nl = { common, api, auth } satisfies Mirror<typeof en>;
export default nl;

import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import common from "./common";
import marketing from "./marketing";

const nl = { common, api, marketing } satisfies Mirror<typeof en>;
export default nl;

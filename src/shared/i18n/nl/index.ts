import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import common from "./common";

const nl = { common, api } satisfies Mirror<typeof en>;
export default nl;

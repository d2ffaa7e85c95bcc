import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import app from "./app";
import auth from "./auth";
import common from "./common";
import marketing from "./marketing";

const nl = { common, api, auth, app, marketing } satisfies Mirror<typeof en>;
export default nl;

import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import app from "./app";
import auth from "./auth";
import common from "./common";
import customers from "./customers";
import marketing from "./marketing";
import quotes from "./quotes";
import team from "./team";

const nl = { common, api, auth, app, marketing, customers, quotes, team } satisfies Mirror<typeof en>;
export default nl;

import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import app from "./app";
import auth from "./auth";
import blocks from "./blocks";
import common from "./common";
import customers from "./customers";
import editor from "./editor";
import marketing from "./marketing";
import quotes from "./quotes";
import templates from "./templates";

const nl = { common, api, auth, app, marketing, customers, quotes, blocks, editor, templates } satisfies Mirror<typeof en>;
export default nl;

import type { Mirror } from "../types";
import type en from "../en/index";
import api from "./api";
import apiKeys from "./apiKeys";
import app from "./app";
import auth from "./auth";
import billing from "./billing";
import blocks from "./blocks";
import common from "./common";
import conversation from "./conversation";
import customers from "./customers";
import developers from "./developers";
import domains from "./domains";
import integrations from "./integrations";
import editor from "./editor";
import harvest from "./harvest";
import marketing from "./marketing";
import pdf from "./pdf";
import quotes from "./quotes";
import settings from "./settings";
import team from "./team";
import signing from "./signing";
import statistics from "./statistics";
import templates from "./templates";
import webhooks from "./webhooks";

const nl = {
  common,
  api,
  auth,
  app,
  marketing,
  customers,
  quotes,
  settings,
  billing,
  blocks,
  team,
  editor,
  templates,
  pdf,
  signing,
  statistics,
  conversation,
  apiKeys,
  developers,
  integrations,
  webhooks,
  harvest,
  domains,
} satisfies Mirror<typeof en>;
export default nl;

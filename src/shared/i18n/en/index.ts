import api from "./api";
import app from "./app";
import auth from "./auth";
import common from "./common";
import customers from "./customers";
import marketing from "./marketing";
import quotes from "./quotes";
import team from "./team";

/** Every English namespace. Register a new namespace here and in ../nl/index.ts. */
const en = { common, api, auth, app, marketing, customers, quotes, team };
export default en;

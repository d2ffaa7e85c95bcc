import api from "./api";
import app from "./app";
import auth from "./auth";
import common from "./common";
import marketing from "./marketing";

/** Every English namespace. Register a new namespace here and in ../nl/index.ts. */
const en = { common, api, auth, app, marketing };
export default en;

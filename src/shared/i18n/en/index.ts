import api from "./api";
import auth from "./auth";
import common from "./common";

/** Every English namespace. Register a new namespace here and in ../nl/index.ts. */
const en = { common, api, auth };
export default en;

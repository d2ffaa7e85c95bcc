import api from "./api";
import common from "./common";
import marketing from "./marketing";

/** Every English namespace. Register a new namespace here and in ../nl/index.ts. */
const en = { common, api, marketing };
export default en;

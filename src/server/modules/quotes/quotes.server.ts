/**
 * What page loaders and actions (src/web) may call in the quotes domain. The `.server.ts` name
 * keeps it out of the browser bundle; src/web imports src/server only through such files
 * (tests/unit/imports.test.ts). The public quote's read model is in modules/public-quote.
 */
export { toTotalsBlock } from "../blocks/blocks.service";

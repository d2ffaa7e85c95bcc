/**
 * What page loaders (src/web) may call in the conversation domain; the `.server.ts` name keeps it
 * out of the browser bundle (tests/unit/imports.test.ts).
 */
export { getPublicConversation } from "./conversation.service";

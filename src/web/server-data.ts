import { createContext, useContext } from "react";

/**
 * What a page that is never hydrated (its route's handle says `{ hydrate: false }`: the public
 * quote, decision 023) hands its component past React Router's loader data (decision 095). React
 * Router encodes every loader's data for hydration (turbo-stream) while it renders the document,
 * whether or not the page sends it; the public page never does, and that encoding was ~8 % of its
 * server's CPU a rendered page. Such a loader puts its data here, in a slot of this request's load
 * context (src/web/context.ts `serverData`, a new object a request), and returns only what React
 * Router needs (the status); entry.server.tsx provides the slot to the render. Server only: in the
 * browser there is none, which such a page never needs.
 */
export type ServerData = Record<string, unknown>;

export const ServerDataContext = createContext<ServerData | null>(null);

/** This request's value under `key`, as the loader put it; throws when there is none (a route used it wrongly). */
export function useServerData<T>(key: string): T {
  const data = useContext(ServerDataContext);
  if (!data || !(key in data)) throw new Error(`no server data "${key}": only a non-hydrated route's loader on the server provides it`);
  return data[key] as T;
}

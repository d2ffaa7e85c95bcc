import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during server rendering and hydration, true once React runs in the browser. Forms whose
 * submit needs JavaScript keep their button disabled until then, so an early click cannot fall
 * back to a plain GET that puts the fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

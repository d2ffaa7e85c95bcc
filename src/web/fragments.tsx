import { type ReactElement, createContext, useContext } from "react";

/**
 * Server-rendered fragments kept by their inputs (decision 088): given what a part of the page is
 * rendered from, the element that renders it and its outermost element without children (the
 * frame), the HTML inside the frame, rendered once and kept; null when the part must be rendered
 * as usual. Only the server provides one (entry.server.tsx, from the app's cache); without it
 * (the browser, development, a cache switched off) every part renders as usual.
 */
export type FragmentRenderer = {
  inner(inputs: unknown, element: ReactElement, frame: ReactElement): string | null;
};

export const FragmentContext = createContext<FragmentRenderer | null>(null);
export const useFragments = () => useContext(FragmentContext);

/**
 * The app's stylesheet, inlined into the <head> of every server-rendered page instead of a
 * <link>: the first paint then needs nothing but the HTML, rather than waiting for a render-blocking
 * CSS request that, on a slow mobile network, shares the bandwidth with the JavaScript modules
 * (measured by bench/marketing.ts). The browser bundle does not carry the CSS: in the browser this
 * is an empty string, and hydration leaves the server's <style> as it is.
 */
const css: string = import.meta.env.SSR ? (await import("../../app.css?inline")).default : "";

export function InlineStylesheet() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, inlined on the server
  return <style data-app-css="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

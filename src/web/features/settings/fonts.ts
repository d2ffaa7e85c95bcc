/**
 * The curated text fonts (shared/enums.ts TEXT_FONTS), bundled from @fontsource packages: Vite
 * copies the woff2 files into our own /assets, so no font CDN and no network at run time (the CSP's
 * `font-src 'self'` holds). Latin subsets, regular and bold. Imported by the screens that show
 * styled quotes.
 */
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/lato/latin-400.css";
import "@fontsource/lato/latin-700.css";
import "@fontsource/merriweather/latin-400.css";
import "@fontsource/merriweather/latin-700.css";
import "@fontsource/playfair-display/latin-400.css";
import "@fontsource/playfair-display/latin-700.css";

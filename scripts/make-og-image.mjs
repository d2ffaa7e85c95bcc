// Renders the Open Graph image (1200×630) of the marketing site with Chromium: node scripts/make-og-image.mjs
import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
const logo = (await import("node:fs")).readFileSync("public/icons/logo.svg", "utf8");
await page.setContent(`<html><body style="margin:0;width:1200px;height:630px;display:flex;font-family:system-ui,sans-serif;background:linear-gradient(135deg,#1f57d1,#1a46a8);color:white">
<div style="padding:80px;display:flex;flex-direction:column;justify-content:space-between;width:100%">
<div style="display:flex;align-items:center;gap:20px;font-size:44px;font-weight:700"><div style="width:64px;height:64px;background:white;border-radius:14px;display:flex;align-items:center;justify-content:center"><div style="width:44px;height:44px">${logo.replace("<svg", "<svg width='44' height='44'")}</div></div>Offerly</div>
<div style="font-size:64px;font-weight:800;line-height:1.1;max-width:950px">Online quotes your customers open, read and sign</div>
<div style="font-size:30px;opacity:.9">14-day free trial · no credit card needed</div></div></body></html>`);
await page.screenshot({ path: "src/web/components/marketing/og-image.jpg", type: "jpeg", quality: 85 });
await browser.close();

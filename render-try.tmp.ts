import fs from "node:fs";
import { realisticPdfInput } from "./tests/support/quote-pdf";
import { produceSealedQuotePdf, createSelfSignedP12, sealerFromP12, verifyPdfSeal, renderQuotePdf } from "./src/server/pdf/index";
const sealer = sealerFromP12(createSelfSignedP12("offerly.example", "pw"), "pw", "generated");
for (const lang of ["ENG", "NL"] as const) {
  const input = await realisticPdfInput(lang);
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const pdf = await renderQuotePdf(input, { sealedBy: sealer.signerName });
    const r = performance.now() - t; t = performance.now();
    const sealed = await produceSealedQuotePdf(input, sealer);
    console.log(lang, "render", r.toFixed(0), "render+seal", (performance.now() - t).toFixed(0), pdf.length, sealed.length);
    if (i === 0) { fs.writeFileSync(`/tmp/pdfout/${lang}.pdf`, sealed); console.log(verifyPdfSeal(sealed)); }
  }
}

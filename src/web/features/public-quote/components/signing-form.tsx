import { formatNameList } from "../../../../shared/format";
import { useTranslation } from "../../../i18n";

/**
 * The customer's signing form, server-rendered inside a <details> (it opens without JavaScript);
 * the island (island/signing.ts) loads signature_pad when it is opened, checks and sends it.
 */
export function SigningForm({ signers = [], language }: { signers?: string[]; language: string }) {
  const { t } = useTranslation();
  // After a first signature, the form is for another signer (each signs once: the server refuses a name again).
  const another = signers.length > 0;
  return (
    <details id="sign" className="group rounded-xl border border-slate-200 bg-white print:hidden" data-testid="signing">
      <summary
        className="cursor-pointer list-none rounded-xl px-4 py-4 text-center text-base font-semibold text-white sm:px-6 [&::-webkit-details-marker]:hidden"
        style={{ background: "var(--quote-link)" }}
      >
        {another ? t("signing:form.startAnother") : t("signing:form.start")}
      </summary>
      <form className="space-y-4 p-4 sm:p-6" data-signing-form noValidate>
        <h2 className="text-lg font-semibold">{t("signing:form.title")}</h2>
        <p className="text-sm text-slate-600" data-testid="signing-intro">
          {another ? t("signing:form.introAnother", { names: formatNameList(signers, language) }) : t("signing:form.intro")}
        </p>
        <div>
          <label htmlFor="signer-name" className="block text-sm font-medium">
            {t("signing:form.name")}
          </label>
          <input
            id="signer-name"
            name="name"
            autoComplete="name"
            maxLength={100}
            required
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            aria-describedby="signer-name-error"
          />
          <p id="signer-name-error" className="mt-1 text-sm text-red-700" data-error="name" />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t("signing:form.method")}</legend>
          <div className="mt-1 flex gap-4">
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="radio" name="method" value="DRAWN" defaultChecked className="size-4" /> {t("signing:form.draw")}
            </label>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="radio" name="method" value="TYPED" className="size-4" /> {t("signing:form.type")}
            </label>
          </div>
        </fieldset>
        <div data-panel="DRAWN">
          <p id="draw-hint" className="text-sm text-slate-600">
            {t("signing:form.drawHint")}
          </p>
          <div className="relative mt-2 h-40 w-full rounded-md border border-dashed border-slate-400 bg-white">
            <canvas
              className="absolute inset-0 h-full w-full touch-none"
              aria-label={t("signing:form.canvasLabel")}
              aria-describedby="draw-hint"
              role="img"
              data-testid="signature-canvas"
            />
          </div>
          <button type="button" data-clear className="mt-2 min-h-6 text-sm font-medium underline">
            {t("signing:form.clear")}
          </button>
        </div>
        <div data-panel="TYPED" hidden>
          <label htmlFor="typed-signature" className="block text-sm font-medium">
            {t("signing:form.typed")}
          </label>
          <input
            id="typed-signature"
            name="typed"
            maxLength={100}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-serif text-2xl italic"
          />
        </div>
        <p className="text-sm text-red-700" data-error="signature" />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="consent" required className="mt-0.5 size-5 shrink-0" aria-describedby="consent-error" />
            <span>{t("signing:form.consent")}</span>
          </label>
          <p id="consent-error" className="mt-1 text-sm text-red-700" data-error="consent" />
        </div>
        <p role="alert" className="text-sm text-red-700" data-error="form" />
        <button
          type="submit"
          className="w-full rounded-md px-4 py-3 text-base font-semibold text-white disabled:opacity-60"
          style={{ background: "var(--quote-link)" }}
        >
          {t("signing:form.submit")}
        </button>
      </form>
    </details>
  );
}

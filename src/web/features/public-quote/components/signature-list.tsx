import { formatDayUtc } from "../../../../shared/format";
import { useTranslation } from "../../../i18n";
import type { PublicSignature } from "../types";

/**
 * The signatures placed so far (public page and owner page): name, kind, date, the drawing or typed
 * text. Given the quote's current version (the owner's panel), a signature of an earlier version
 * says so: the customer signed something other than what is published now.
 */
export function SignatureList({
  signatures,
  language,
  currentVersion,
  signedWithout,
}: {
  signatures: PublicSignature[];
  language: string;
  currentVersion?: number | null;
  /** A quote signed without a signature here says how (not "No signatures yet"). */
  signedWithout?: "MARKED" | "DOCUSIGN" | null;
}) {
  const { t } = useTranslation();
  // `language`: the one the texts around it speak (the quote's on the public page, the interface's
  // on the owner's), so that "Signed … on <date>" is one language.
  const date = (iso: string) => formatDayUtc(iso, language);
  return (
    <section aria-labelledby="signatures-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="signatures">
      <h2 id="signatures-title" className="text-lg font-semibold">
        {t("signing:page.signatures")}
      </h2>
      {signatures.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-signatures">
          {t(
            signedWithout === "DOCUSIGN"
              ? "signing:page.noSignaturesDocuSign"
              : signedWithout === "MARKED"
                ? "signing:page.noSignaturesMarked"
                : "signing:page.noSignatures",
          )}
        </p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {signatures.map((s) => (
            <li key={s.id} data-signature className="rounded-lg border border-slate-100 p-3" data-testid="signature">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {s.kind === "CUSTOMER" ? t("signing:page.customerSignature") : t("signing:page.accountSignature")}
              </p>
              <div className="mt-2 flex h-20 items-center">
                {s.signatureKind === "DRAWN" ? (
                  <img
                    src={s.signature}
                    alt={t("signing:owner.drawnAlt", { name: s.name })}
                    width={240}
                    height={80}
                    className="h-20 w-auto max-w-full object-contain"
                  />
                ) : (
                  <span className="font-serif text-3xl italic">{s.signature}</span>
                )}
              </div>
              <p className="mt-2 text-sm">
                {t("signing:page.signedBy", { name: s.name })} {t("signing:page.signedOn", { date: date(s.signedAt) })}
              </p>
              {currentVersion && s.versionNumber && s.versionNumber !== currentVersion ? (
                <p className="mt-1 text-sm font-medium text-amber-800" data-testid="signature-earlier-version">
                  {t("signing:page.earlierVersion", { number: s.versionNumber, current: currentVersion })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { QuoteDocumentData } from "../../../../shared/quote-document";
import { type QuoteVersionDiff, changeMarks } from "../../../../shared/quote-versions";
import { Alert } from "../../../components/ui/alert";
import type { QuoteVersionQuery } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { SignatureList } from "../../public-quote/components/signature-list";
import { VersionChanges } from "../../public-quote/components/version-changes";
import { QuoteDocument } from "../../quote-document/quote-document";

/**
 * One frozen version, read-only, with the same components as the customer's page: what changed
 * since the version before (marked), the document, and the signatures placed on it.
 */
export function QuoteVersionView({ version }: { version: NonNullable<QuoteVersionQuery["quoteVersion"]> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The JSON fields are the server's QuoteDocumentData and QuoteVersionDiff (versions.graphql.ts).
  const document = version.document as QuoteDocumentData;
  const changes = (version.changes ?? null) as QuoteVersionDiff | null;
  return (
    <div className="space-y-6" data-testid="quote-version-view">
      <Alert kind="info">{t("quotes:versions.readOnly", { number: version.number, quoteNumber: document.quoteNumber })}</Alert>
      {changes?.changed ? <VersionChanges diff={changes} reason="VIEWED_EARLIER" language={document.language} currency={document.currency} /> : null}
      <QuoteDocument quote={document} headingLevel={2} marks={changes ? changeMarks(changes) : null} />
      <SignatureList signatures={version.quoteSignatures} language={locale} />
    </div>
  );
}

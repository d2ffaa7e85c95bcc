import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function PublicQuotePage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <meta name="robots" content="noindex" />
      <Placeholder title={t("pages.publicQuote")} />
    </main>
  );
}

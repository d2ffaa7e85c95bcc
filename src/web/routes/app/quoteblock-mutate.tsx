import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function QuoteblockMutatePage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.quoteBlockMutate")} />;
}

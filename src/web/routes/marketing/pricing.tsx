import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function PricingPage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.pricing")} />;
}

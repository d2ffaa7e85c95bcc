import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function CustomersPage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.customers")} />;
}

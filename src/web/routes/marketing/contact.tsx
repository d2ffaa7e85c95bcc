import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function ContactPage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.contact")} />;
}

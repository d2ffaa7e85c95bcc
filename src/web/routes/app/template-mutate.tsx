import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function TemplateMutatePage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.templateMutate")} />;
}

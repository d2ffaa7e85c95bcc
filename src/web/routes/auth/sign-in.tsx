import { Placeholder } from "../../components/layout/placeholder";
import { useTranslation } from "../../i18n";

export default function SignInPage() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.signIn")} />;
}

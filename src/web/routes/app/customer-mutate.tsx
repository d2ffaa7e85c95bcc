import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { CustomerForm } from "../../features/customers/components/customer-form";
import { CustomerQuery } from "../../features/customers/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";

/** /app/customers/mutate/:customerId? — create a customer, or edit (and delete) one. */
export default function CustomerMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { customerId } = useParams();
  const editing = Boolean(customerId);
  const [{ data, fetching, error }, refetch] = useQuery({ query: CustomerQuery, variables: { id: customerId ?? "" }, pause: !editing });
  const customer = data?.customer;
  const notFound = serverRefusal(error, "").code === "NOT_FOUND";
  const title = notFound ? t("customers:notFoundTitle") : editing ? t("customers:editTitle") : t("customers:newTitle");
  const back = (
    <Link to={href("/app/customers")} className="text-sm font-medium text-brand-700 hover:underline">
      ← {t("customers:back")}
    </Link>
  );

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      {back}
      {/* A heading on every state of the page, a wrong id included. */}
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      {editing && !customer ? (
        <div className="mt-4">
          {notFound ? (
            <Alert>{t("customers:notFound")}</Alert>
          ) : (
            <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />
          )}
        </div>
      ) : (
        <CustomerForm key={customer?.id ?? "new"} customer={customer ?? undefined} onDone={() => navigate(href("/app/customers"))} />
      )}
    </section>
  );
}

import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { CUSTOMER_LIMITS, ZCustomerInput } from "../../../shared/customers";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextAreaField, TextField } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { graphql } from "../../graphql/generated";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { mutationErrors } from "../../lib/mutation-errors";
import { DeleteCustomerDialog } from "./customers";

const CustomerFieldsFragment = graphql(`
  fragment CustomerFields on Customer {
    id
    name
    companyName
    contactPerson
    email
    phone
    content
    totalQuotes
    totalSignedQuotes
  }
`);
void CustomerFieldsFragment; // used by name in the documents below

const CustomerQuery = graphql(`
  query Customer($id: ID!) {
    customer(id: $id) {
      ...CustomerFields
    }
  }
`);

const CreateCustomerMutation = graphql(`
  mutation CreateCustomer($input: CustomerInput!) {
    createCustomer(input: $input) {
      ...CustomerFields
    }
  }
`);

const UpdateCustomerMutation = graphql(`
  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {
    updateCustomer(id: $id, input: $input) {
      ...CustomerFields
    }
  }
`);

type Values = { name: string; companyName: string; contactPerson: string; email: string; phone: string; content: string };
const EMPTY: Values = { name: "", companyName: "", contactPerson: "", email: "", phone: "", content: "" };
type Errors = Partial<Record<keyof Values | "form", string>>;

export default function CustomerMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { customerId } = useParams();
  const editing = Boolean(customerId);
  const [{ data, fetching, error }, refetch] = useQuery({ query: CustomerQuery, variables: { id: customerId ?? "" }, pause: !editing });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState(false);
  const [{ fetching: creating }, createCustomer] = useMutation(CreateCustomerMutation);
  const [{ fetching: updating }, updateCustomer] = useMutation(UpdateCustomerMutation);

  const customer = data?.customer;
  useEffect(() => {
    if (customer) {
      setValues({
        name: customer.name,
        companyName: customer.companyName ?? "",
        contactPerson: customer.contactPerson ?? "",
        email: customer.email ?? "",
        phone: customer.phone ?? "",
        content: customer.content ?? "",
      });
    }
  }, [customer]);

  const title = editing ? t("customers:editTitle") : t("customers:newTitle");
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ZCustomerInput.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= t(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    const result = editing ? await updateCustomer({ id: customerId!, input: values }) : await createCustomer({ input: values });
    if (result.error || !result.data) {
      const { fields, message } = mutationErrors(result.error, t("errors.generic"));
      setErrors({ ...fields, form: message });
      toast.error(message ?? t("errors.generic"));
      return;
    }
    toast.success(editing ? t("customers:updated") : t("customers:saved"));
    navigate(href("/app/customers"));
  }

  if (editing && fetching && !data) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-8">
        <p className="text-slate-500" role="status">
          {t("loading")}
        </p>
      </section>
    );
  }
  if (editing && !customer) {
    const notFound = error?.graphQLErrors[0]?.extensions?.code === "NOT_FOUND";
    return (
      <section className="mx-auto max-w-3xl space-y-3 px-4 py-8">
        <Alert>{notFound ? t("customers:notFound") : t("errors.generic")}</Alert>
        <div className="flex gap-2">
          {!notFound ? (
            <Button variant="secondary" onClick={() => refetch({ requestPolicy: "network-only" })}>
              {t("retry")}
            </Button>
          ) : null}
          <Link to={href("/app/customers")} className="px-2 py-2 text-sm font-medium text-brand-700 hover:underline">
            {t("customers:back")}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href("/app/customers")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("customers:back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="customer-form">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <TextField label={t("customers:fields.name")} required maxLength={CUSTOMER_LIMITS.name} autoComplete="off" {...field("name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("customers:fields.companyName")} maxLength={CUSTOMER_LIMITS.companyName} autoComplete="organization" {...field("companyName")} />
          <TextField label={t("customers:fields.contactPerson")} maxLength={CUSTOMER_LIMITS.contactPerson} autoComplete="off" {...field("contactPerson")} />
          <TextField label={t("customers:fields.email")} type="email" maxLength={CUSTOMER_LIMITS.email} autoComplete="off" {...field("email")} />
          <TextField label={t("customers:fields.phone")} type="tel" maxLength={CUSTOMER_LIMITS.phone} autoComplete="off" {...field("phone")} />
        </div>
        <TextAreaField label={t("customers:fields.content")} hint={t("customers:fields.contentHint")} maxLength={CUSTOMER_LIMITS.content} {...field("content")} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:items-center">
          {editing && customer ? (
            <Button variant="ghost" className="text-red-700 sm:mr-auto" onClick={() => setDeleting(true)}>
              {t("customers:delete")}
            </Button>
          ) : (
            <span className="sm:mr-auto" />
          )}
          <Link to={href("/app/customers")} className="inline-flex justify-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            {t("customers:cancel")}
          </Link>
          <Button type="submit" busy={creating || updating}>
            {t("customers:save")}
          </Button>
        </div>
      </form>
      <DeleteCustomerDialog
        target={deleting && customer ? { id: customer.id, name: customer.name, totalQuotes: customer.totalQuotes } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(href("/app/customers"))}
      />
    </section>
  );
}

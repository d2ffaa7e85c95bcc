import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { CURRENCIES, QUOTE_LANGUAGES } from "../../../shared/money";
import { QUOTE_NAME_MAX, DEFAULT_VALIDITY_DAYS, ZQuoteInput, addDaysIso } from "../../../shared/quotes";
import { formatDate, formatQuoteMoney, localTodayIso } from "../../components/quotes/format";
import { StatusBadge } from "../../components/quotes/status-badge";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CheckboxField } from "../../components/ui/checkbox";
import { ConfirmDialog } from "../../components/ui/dialog";
import { SelectField, TextField } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { graphql } from "../../graphql/generated";
import type { QuoteQuery } from "../../graphql/generated/graphql";
import { useLocale, useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, mutationErrors } from "../../lib/mutation-errors";
import { DeleteQuoteDialog, useDuplicateQuote } from "./quotes";

const QuoteFormDataQuery = graphql(`
  query QuoteFormData {
    account {
      id
      language
      currency
    }
    customers(pageSize: 100, sort: NAME_ASC) {
      totalCount
      items {
        id
        name
        companyName
      }
    }
  }
`);

const QuoteFieldsFragment = graphql(`
  fragment QuoteFields on Quote {
    id
    quoteNumber
    name
    slug
    nanoId
    url
    language
    currency
    status
    displayStatus
    signable
    quoteDateAt
    quoteExpirationAt
    publishedAt
    total
    customer {
      id
      name
    }
    customerDetails {
      name
      companyName
      contactPerson
      email
      phone
      content
    }
  }
`);
void QuoteFieldsFragment;

const QuoteDocument = graphql(`
  query Quote($id: ID!) {
    quote(id: $id) {
      ...QuoteFields
      quoteBlocks {
        __typename
        id
        name
        content
        ... on QuotePricingBlock {
          pricingUnit
          total
          quoteLineItems {
            id
            name
            price
            amount
            total
          }
        }
      }
    }
  }
`);

const CreateQuoteMutation = graphql(`
  mutation CreateQuote($input: QuoteInput!) {
    createQuote(input: $input) {
      ...QuoteFields
    }
  }
`);

const UpdateQuoteMutation = graphql(`
  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {
    updateQuote(id: $id, input: $input) {
      ...QuoteFields
    }
  }
`);

const PublishQuoteMutation = graphql(`
  mutation PublishQuote($id: ID!) {
    publishQuote(id: $id) {
      ...QuoteFields
    }
  }
`);

const WithdrawQuoteMutation = graphql(`
  mutation WithdrawQuote($id: ID!) {
    withdrawQuote(id: $id) {
      ...QuoteFields
    }
  }
`);

type Quote = NonNullable<QuoteQuery["quote"]>;
type Values = { name: string; customerId: string; language: string; currency: string; quoteDateAt: string; quoteExpirationAt: string; signable: boolean };
type Errors = Partial<Record<keyof Values | "form", string>>;

function QuoteForm({ quote, onSaved }: { quote?: Quote; onSaved: (id: string) => void }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteFormDataQuery, requestPolicy: "cache-and-network" });
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [{ fetching: creating }, createQuote] = useMutation(CreateQuoteMutation);
  const [{ fetching: updating }, updateQuote] = useMutation(UpdateQuoteMutation);

  useEffect(() => {
    if (values) return;
    if (quote) {
      setValues({
        name: quote.name,
        customerId: quote.customer?.id ?? "",
        language: quote.language,
        currency: quote.currency,
        quoteDateAt: quote.quoteDateAt,
        quoteExpirationAt: quote.quoteExpirationAt,
        signable: quote.signable,
      });
    } else if (data?.account) {
      const today = localTodayIso();
      setValues({
        name: "",
        customerId: "",
        language: data.account.language,
        currency: data.account.currency,
        quoteDateAt: today,
        quoteExpirationAt: addDaysIso(today, DEFAULT_VALIDITY_DAYS),
        signable: true,
      });
    }
  }, [quote, data, values]);

  if (!values) {
    return error && !data ? (
      <div className="space-y-3">
        <Alert>{t("errors.generic")}</Alert>
        <Button variant="secondary" onClick={() => refetch({ requestPolicy: "network-only" })}>
          {t("retry")}
        </Button>
      </div>
    ) : (
      <p className="text-slate-500" role="status">
        {t("loading")}
      </p>
    );
  }

  const customers = data?.customers.items ?? [];
  // The quote's own customer is always an option, even beyond the first 100.
  const customerOptions = [
    { value: "", label: t("quotes:fields.chooseCustomer"), disabled: true },
    ...(quote?.customer && !customers.some((c) => c.id === quote.customer!.id) ? [{ value: quote.customer.id, label: quote.customer.name }] : []),
    ...customers.map((c) => ({ value: c.id, label: c.companyName && c.companyName !== c.name ? `${c.name} (${c.companyName})` : c.name })),
  ];
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!values) return;
    const parsed = ZQuoteInput.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= t(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    const result = quote ? await updateQuote({ id: quote.id, input: values }) : await createQuote({ input: values });
    if (result.error || !result.data) {
      const { fields, message } = mutationErrors(result.error, t("errors.generic"));
      setErrors({ ...fields, form: message });
      toast.error(message ?? t("errors.generic"));
      return;
    }
    const saved = "createQuote" in result.data ? result.data.createQuote : result.data.updateQuote;
    toast.success(quote ? t("quotes:saved") : t("quotes:created"));
    onSaved(saved.id);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="quote-form">
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <TextField label={t("quotes:fields.name")} required maxLength={QUOTE_NAME_MAX} value={values.name} error={errors.name} onChange={(e) => set("name", e.target.value)} />
      {fetching && !data ? null : customers.length === 0 && !quote?.customer ? (
        <Alert kind="info">
          {t("quotes:fields.noCustomers")}{" "}
          <Link to={href("/app/customers/mutate")} className="font-semibold text-brand-700 underline">
            {t("quotes:fields.addCustomer")}
          </Link>
        </Alert>
      ) : null}
      <SelectField label={t("quotes:fields.customer")} value={values.customerId} error={errors.customerId} onChange={(e) => set("customerId", e.target.value)} options={customerOptions} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("quotes:fields.language")}
          value={values.language}
          error={errors.language}
          onChange={(e) => set("language", e.target.value)}
          options={QUOTE_LANGUAGES.map((l) => ({ value: l, label: t(`quotes:languages.${l}`) }))}
        />
        <SelectField
          label={t("quotes:fields.currency")}
          value={values.currency}
          error={errors.currency}
          onChange={(e) => set("currency", e.target.value)}
          options={CURRENCIES.map((c) => ({ value: c, label: t(`quotes:currencies.${c}`) }))}
        />
        <TextField label={t("quotes:fields.quoteDate")} type="date" value={values.quoteDateAt} error={errors.quoteDateAt} onChange={(e) => set("quoteDateAt", e.target.value)} />
        <TextField
          label={t("quotes:fields.expirationDate")}
          type="date"
          min={values.quoteDateAt || undefined}
          value={values.quoteExpirationAt}
          error={errors.quoteExpirationAt}
          onChange={(e) => set("quoteExpirationAt", e.target.value)}
        />
      </div>
      <CheckboxField label={t("quotes:fields.signable")} hint={t("quotes:fields.signableHint")} checked={values.signable} onChange={(e) => set("signable", e.target.checked)} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link to={href("/app/quotes")} viewTransition className="inline-flex justify-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          {t("quotes:actions.cancel")}
        </Link>
        <Button type="submit" busy={creating || updating}>
          {quote ? t("quotes:actions.save") : t("quotes:actions.create")}
        </Button>
      </div>
    </form>
  );
}

function PublicLink({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const live = quote.status !== "DRAFT";
  async function copy() {
    try {
      await navigator.clipboard.writeText(quote.url);
      toast.success(t("toast.urlCopied"));
    } catch {
      toast.error(t("quotes:copyFailed"));
    }
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4" data-testid="public-link">
      <label htmlFor="public-url" className="block text-sm font-medium text-slate-800">
        {t("quotes:publicLink")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="public-url"
          readOnly
          value={quote.url}
          onFocus={(e) => e.currentTarget.select()}
          className={`block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs ${live ? "text-slate-900" : "text-slate-400"}`}
          data-testid="public-url"
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0" data-testid="copy-url">
          {t("quotes:copyUrl")}
        </Button>
      </div>
      {!live ? <p className="mt-1 text-xs text-slate-500">{t("quotes:publicLinkDraft")}</p> : null}
    </div>
  );
}

function Blocks({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="blocks-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="blocks-title" className="text-lg font-semibold">
        {t("quotes:blocks")}
      </h2>
      {quote.quoteBlocks.length === 0 ? <p className="mt-2 text-sm text-slate-500">{t("quotes:empty.noBlocks")}</p> : null}
      <div className="mt-4 space-y-6">
        {quote.quoteBlocks.map((block) => (
          <article key={block.id} data-testid="quote-block">
            <h3 className="font-semibold text-slate-900">{block.name}</h3>
            {block.content ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{block.content}</p> : null}
            {block.__typename === "QuotePricingBlock" ? (
              <div className="mt-3 overflow-x-auto">
                <table className="min-w-full text-sm">
                  <thead>
                    <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                      <th scope="col" className="py-2 pr-4 font-semibold">{t("quotes:lineItem.name")}</th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">{t("quotes:lineItem.price")}</th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">{t("quotes:lineItem.amount")}</th>
                      <th scope="col" className="py-2 text-right font-semibold">{t("quotes:lineItem.total")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {block.quoteLineItems.map((li) => (
                      <tr key={li.id} className="border-b border-slate-100">
                        <td className="py-2 pr-4">{li.name}</td>
                        <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">{formatQuoteMoney(li.price, quote)}</td>
                        <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">
                          {new Intl.NumberFormat(quote.language === "NL" ? "nl-NL" : "en-GB", { maximumFractionDigits: 3 }).format(li.amount as unknown as number)}
                          {block.pricingUnit !== "NONE" ? ` ${t(`quotes:pricingUnits.${block.pricingUnit}`)}` : ""}
                        </td>
                        <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatQuoteMoney(li.total, quote)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <td colSpan={3} className="py-2 pr-4 text-right font-semibold">{t("quotes:total")}</td>
                      <td className="whitespace-nowrap py-2 text-right font-semibold tabular-nums">{formatQuoteMoney(block.total, quote)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            ) : null}
          </article>
        ))}
      </div>
      <div className="mt-6 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <span className="text-base font-semibold">{t("quotes:total")}</span>
        <span className="text-xl font-bold tabular-nums" data-testid="quote-total">
          {formatQuoteMoney(quote.total, quote)}
        </span>
      </div>
    </section>
  );
}

function Details({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const c = quote.customerDetails;
  return (
    <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-6" data-testid="quote-details">
      <div>
        <dt className="font-medium text-slate-500">{t("quotes:fields.customer")}</dt>
        <dd className="mt-1 whitespace-pre-line text-slate-900">
          {c ? [c.name, c.companyName && c.companyName !== c.name ? c.companyName : null, c.contactPerson, c.content, c.email, c.phone].filter(Boolean).join("\n") : t("quotes:noCustomer")}
        </dd>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <dt className="font-medium text-slate-500">{t("quotes:fields.quoteDate")}</dt>
          <dd className="mt-1">{formatDate(quote.quoteDateAt, locale)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t("quotes:fields.expirationDate")}</dt>
          <dd className="mt-1">{formatDate(quote.quoteExpirationAt, locale)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t("quotes:fields.language")}</dt>
          <dd className="mt-1">{t(`quotes:languages.${quote.language}`)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t("quotes:fields.currency")}</dt>
          <dd className="mt-1">{quote.currency}</dd>
        </div>
        <div className="col-span-2">
          <dt className="font-medium text-slate-500">{t("quotes:fields.signable")}</dt>
          <dd className="mt-1">{quote.signable ? "✓" : "—"}</dd>
        </div>
      </div>
    </dl>
  );
}

type Pending = "publish" | "withdraw" | "delete" | null;

function QuotePage({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [{ fetching: publishing }, publishQuote] = useMutation(PublishQuoteMutation);
  const [{ fetching: withdrawing }, withdrawQuote] = useMutation(WithdrawQuoteMutation);
  const { duplicate: duplicateQuote, duplicating } = useDuplicateQuote();
  const duplicate = () => duplicateQuote(quote.id);
  const draft = quote.status === "DRAFT";

  async function transition(kind: "publish" | "withdraw") {
    const result = kind === "publish" ? await publishQuote({ id: quote.id }) : await withdrawQuote({ id: quote.id });
    setPending(null);
    if (result.error) {
      toast.error(mutationErrors(result.error, t("errors.generic")).message ?? t("errors.generic"));
      return;
    }
    toast.success(kind === "publish" ? t("quotes:published") : t("quotes:withdrawn"));
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm tabular-nums text-slate-500" data-testid="quote-number">
            {t("quotes:quoteTitle", { number: quote.quoteNumber })}
          </p>
          <h1 className="mt-1 break-words text-2xl font-bold tracking-tight" style={{ viewTransitionName: `quote-${quote.id}` }}>
            {quote.name}
          </h1>
          <div className="mt-2">
            <StatusBadge status={quote.displayStatus} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {draft ? (
            <Button onClick={() => setPending("publish")} data-testid="publish-quote">
              {t("quotes:actions.publish")}
            </Button>
          ) : null}
          {quote.status === "PUBLISHED" ? (
            <Button variant="secondary" onClick={() => setPending("withdraw")} data-testid="withdraw-quote">
              {t("quotes:actions.withdraw")}
            </Button>
          ) : null}
          <Button variant="secondary" busy={duplicating} onClick={() => void duplicate()}>
            {t("quotes:actions.duplicate")}
          </Button>
          {draft ? (
            <Button variant="ghost" className="text-red-700" onClick={() => setPending("delete")}>
              {t("quotes:actions.delete")}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-6 space-y-6">
        {!draft ? <Alert kind="info">{t("quotes:readOnly", { status: t(`quotes:status.${quote.status}`).toLowerCase() })}</Alert> : null}
        <PublicLink quote={quote} />
        {draft ? (
          <section aria-labelledby="details-title">
            <h2 id="details-title" className="mb-3 text-lg font-semibold">
              {t("quotes:details")}
            </h2>
            <QuoteForm key={quote.id} quote={quote} onSaved={() => undefined} />
          </section>
        ) : (
          <Details quote={quote} />
        )}
        <Blocks quote={quote} />
      </div>

      <ConfirmDialog
        open={pending === "publish" || pending === "withdraw"}
        title={pending === "withdraw" ? t("quotes:confirmWithdraw.title", { number: quote.quoteNumber }) : t("quotes:confirmPublish.title", { number: quote.quoteNumber })}
        confirmLabel={pending === "withdraw" ? t("quotes:confirmWithdraw.confirm") : t("quotes:confirmPublish.confirm")}
        cancelLabel={t("quotes:actions.cancel")}
        busy={publishing || withdrawing}
        onCancel={() => setPending(null)}
        onConfirm={() => void transition(pending === "withdraw" ? "withdraw" : "publish")}
      >
        <p>{pending === "withdraw" ? t("quotes:confirmWithdraw.body") : t("quotes:confirmPublish.body")}</p>
      </ConfirmDialog>
      <DeleteQuoteDialog
        target={pending === "delete" ? { id: quote.id, quoteNumber: quote.quoteNumber } : null}
        onClose={() => setPending(null)}
        onDeleted={() => navigate(href("/app/quotes"), { viewTransition: true })}
      />
    </>
  );
}

export default function QuoteMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { quoteId } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteDocument, variables: { id: quoteId ?? "" }, pause: !quoteId });
  const quote = data?.quote;
  const title = quote ? `${quote.quoteNumber} ${quote.name}` : quoteId ? t("quotes:editTitle") : t("quotes:newTitle");

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href("/app/quotes")} viewTransition className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quotes:actions.back")}
      </Link>
      <div className="mt-2">
        {!quoteId ? (
          <>
            <h1 className="mb-6 text-2xl font-bold tracking-tight">{t("quotes:newTitle")}</h1>
            <QuoteForm onSaved={(id) => navigate(href(`/app/quotes/mutate/${id}`), { replace: true, viewTransition: true })} />
          </>
        ) : fetching && !data ? (
          <p className="text-slate-500" role="status">
            {t("loading")}
          </p>
        ) : quote ? (
          <QuotePage quote={quote} />
        ) : (
          <div className="space-y-3">
            <Alert>{error?.graphQLErrors[0]?.extensions?.code === "NOT_FOUND" ? t("quotes:notFound") : t("errors.generic")}</Alert>
            {error?.graphQLErrors[0]?.extensions?.code !== "NOT_FOUND" ? (
              <Button variant="secondary" onClick={() => refetch({ requestPolicy: "network-only" })}>
                {t("retry")}
              </Button>
            ) : (
              <Link to={href("/app/quotes")} className={linkButton.secondary}>
                {t("quotes:actions.back")}
              </Link>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

import { useEffect, useRef } from "react";
import { Form, data, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { type NewsletterResult, handleContactForm, handleNewsletterForm } from "../../../server/modules/marketing/forms.server";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX, HONEYPOT_FIELD } from "../../../shared/marketing/limits";
import { Honeypot } from "../../components/marketing/honeypot";
import { Field } from "../../components/ui/field";
import { PageMeta } from "../../components/marketing/page-meta";
import { toast } from "../../components/ui/toast";
import { useLocalizedHref, useTranslation } from "../../i18n";
import type { Route } from "./+types/contact";

/** A fresh id per rendered form: submitting the same form twice stores one message. */
export function loader() {
  return { submissionId: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = form.get("intent") === "newsletter" ? await handleNewsletterForm(form, context) : await handleContactForm(form, context);
  return data(result, { status: result.ok ? 200 : result.status });
}

/** Subscribing to the newsletter must not reset a half-written contact message. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "newsletter" ? false : defaultShouldRevalidate;
}

function ContactForm() {
  const { t } = useTranslation("marketing");
  const { submissionId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData?.intent === "contact" ? actionData : undefined;
  const failed = result && !result.ok ? result : undefined;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "contact";
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) errorRef.current?.focus();
  }, [failed]);
  return (
    <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 p-6 sm:p-8">
      <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">{t("contact.form.title")}</h2>
      {result?.ok ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-4 text-green-900" data-testid="contact-success">
          {result.message}
        </p>
      ) : null}
      {failed ? (
        <div ref={errorRef} tabIndex={-1} role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900" data-testid="contact-error">
          {failed.formError}
        </div>
      ) : null}
      {/* Keyed by the submission id: after a successful send the loader hands out a new one and the form starts empty. */}
      <Form key={submissionId} method="post" noValidate className="relative mt-6 space-y-5">
        <input type="hidden" name="intent" value="contact" />
        <input type="hidden" name="submissionId" value={submissionId} />
        <Honeypot name={HONEYPOT_FIELD} label={t("contact.form.honeypot")} />
        <Field id="contact-name" label={t("contact.form.name")} error={failed?.fieldErrors.name}>
          {(props) => <input {...props} name="name" type="text" autoComplete="name" required maxLength={CONTACT_NAME_MAX} defaultValue={failed?.values.name} />}
        </Field>
        <Field id="contact-email" label={t("contact.form.email")} error={failed?.fieldErrors.email}>
          {(props) => <input {...props} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={failed?.values.email} />}
        </Field>
        <Field
          id="contact-message"
          label={t("contact.form.message")}
          hint={t("contact.form.messageHint", { max: CONTACT_MESSAGE_MAX })}
          error={failed?.fieldErrors.message}
        >
          {(props) => <textarea {...props} name="message" rows={6} required maxLength={CONTACT_MESSAGE_MAX} defaultValue={failed?.values.message} />}
        </Field>
        <button type="submit" disabled={sending} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {sending ? t("contact.form.sending") : t("contact.form.submit")}
        </button>
      </Form>
    </section>
  );
}

/**
 * Without JavaScript the form posts to this page and the result shows inline; with JavaScript a
 * fetcher posts it in the background and a toast says how it went.
 */
function NewsletterForm() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const fetcher = useFetcher<NewsletterResult>();
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const inline = actionData?.intent === "newsletter" ? actionData : undefined;
  const result = fetcher.data ?? inline;
  const failed = result && !result.ok ? result : undefined;
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      formRef.current?.reset();
    } else {
      toast.error(fetcher.data.formError);
    }
  }, [fetcher.data]);
  return (
    <section aria-labelledby="newsletter-title" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
      <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight">{t("contact.newsletter.title")}</h2>
      <p className="mt-2 text-slate-700">{t("contact.newsletter.lead")}</p>
      {inline?.ok ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-4 text-green-900" data-testid="newsletter-success">
          {inline.message}
        </p>
      ) : null}
      <fetcher.Form ref={formRef} method="post" action={href("/contact")} noValidate className="relative mt-5 space-y-4">
        <input type="hidden" name="intent" value="newsletter" />
        <Honeypot name={HONEYPOT_FIELD} label={t("contact.form.honeypot")} />
        <Field id="newsletter-email" label={t("contact.newsletter.email")} error={failed?.fieldErrors.email ?? (failed ? failed.formError : undefined)}>
          {(props) => <input {...props} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={failed?.values.email} />}
        </Field>
        <button type="submit" disabled={sending} className="rounded-md bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700 disabled:opacity-60">
          {sending ? t("contact.newsletter.sending") : t("contact.newsletter.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}

export default function ContactPage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <PageMeta title={t("meta.contact.title")} description={t("meta.contact.description")} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <header className="max-w-3xl">
          <h1 className="text-4xl font-extrabold tracking-tight">{t("contact.title")}</h1>
          <p className="mt-4 text-lg text-slate-700">{t("contact.lead")}</p>
        </header>
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
          <ContactForm />
          <NewsletterForm />
        </div>
      </div>
    </>
  );
}

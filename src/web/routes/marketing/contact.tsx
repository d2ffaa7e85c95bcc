import { data, useActionData, useLoaderData } from "react-router";
import { handleContactForm, handleNewsletterForm } from "../../../server/modules/marketing/forms.server";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX, HONEYPOT_FIELD } from "../../../shared/marketing/limits";
import { Honeypot } from "../../components/marketing/honeypot";
import { Field } from "../../components/ui/field";
import { PageMeta } from "../../components/marketing/page-meta";
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

/**
 * Both forms post to this page; without JavaScript the answer is the page, rendered with the
 * result (errors in the page's language, in the form; or the success message). With JavaScript the
 * marketing island (features/marketing/island/forms.ts) posts in the background and takes the
 * form's <section id> from the same answer: the contact form shows it in place, the newsletter
 * answers with a toast. `data-*` attributes mark what the island reads.
 */
function ContactForm() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const { submissionId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData?.intent === "contact" ? actionData : undefined;
  const failed = result && !result.ok ? result : undefined;
  return (
    <section id="contact-form" aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 p-6 sm:p-8">
      <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
        {t("contact.form.title")}
      </h2>
      {result?.ok ? (
        <p role="status" tabIndex={-1} className="mt-4 rounded-md bg-green-50 p-4 text-green-900" data-testid="contact-success" data-form-success>
          {result.message}
        </p>
      ) : null}
      {failed ? (
        <div tabIndex={-1} role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900" data-testid="contact-error" data-form-error-summary>
          {failed.formError}
        </div>
      ) : null}
      {/* A new submission id after each successful send (the loader runs again): the form starts empty. */}
      <form key={submissionId} method="post" action={href("/contact")} noValidate data-island-form="contact" className="relative mt-6 space-y-5">
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
        <button
          type="submit"
          data-sending-label={t("contact.form.sending")}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
        >
          {t("contact.form.submit")}
        </button>
      </form>
    </section>
  );
}

function NewsletterForm() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const actionData = useActionData<typeof action>();
  const result = actionData?.intent === "newsletter" ? actionData : undefined;
  const failed = result && !result.ok ? result : undefined;
  return (
    <section id="newsletter-form" aria-labelledby="newsletter-title" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
      <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight">
        {t("contact.newsletter.title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("contact.newsletter.lead")}</p>
      {result?.ok ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-4 text-green-900" data-testid="newsletter-success" data-form-success>
          {result.message}
        </p>
      ) : null}
      <form
        method="post"
        action={href("/contact")}
        noValidate
        data-island-form="newsletter"
        data-form-error={failed?.formError}
        className="relative mt-5 space-y-4"
      >
        <input type="hidden" name="intent" value="newsletter" />
        <Honeypot name={HONEYPOT_FIELD} label={t("contact.form.honeypot")} />
        <Field id="newsletter-email" label={t("contact.newsletter.email")} error={failed?.fieldErrors.email ?? (failed ? failed.formError : undefined)}>
          {(props) => <input {...props} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={failed?.values.email} />}
        </Field>
        <button
          type="submit"
          data-sending-label={t("contact.newsletter.sending")}
          className="rounded-md bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700 aria-disabled:opacity-60"
        >
          {t("contact.newsletter.submit")}
        </button>
      </form>
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

import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { CUSTOMER_LIMITS, ZCustomerInput } from "../../../../shared/customers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { CustomerFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard, useZodForm } from "../../../lib/form";
import { CreateCustomerMutation, UpdateCustomerMutation } from "../operations";
import { DeleteCustomerDialog } from "./delete-customer-dialog";

/** Create a customer (no `customer`) or edit one; `onDone` runs after saving or deleting. */
export function CustomerForm({ customer, onDone }: { customer?: CustomerFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const form = useZodForm(ZCustomerInput, {
    name: customer?.name ?? "",
    companyName: customer?.companyName ?? "",
    contactPerson: customer?.contactPerson ?? "",
    email: customer?.email ?? "",
    phone: customer?.phone ?? "",
    content: customer?.content ?? "",
  });
  const { register, formState, handleSubmit } = form;
  const { errors } = formState;
  const { allowLeave, leaveDialog } = useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [deleting, setDeleting] = useState(false);
  const [{ fetching: creating }, createCustomer] = useMutation(CreateCustomerMutation);
  const [{ fetching: updating }, updateCustomer] = useMutation(UpdateCustomerMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = customer ? await updateCustomer({ id: customer.id, input }) : await createCustomer({ input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(customer ? t("customers:updated") : t("customers:saved"));
    allowLeave();
    onDone();
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="customer-form">
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <TextField
          label={t("customers:fields.name")}
          required
          maxLength={CUSTOMER_LIMITS.name}
          autoComplete="off"
          error={errors.name?.message}
          {...register("name")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("customers:fields.companyName")}
            maxLength={CUSTOMER_LIMITS.companyName}
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register("companyName")}
          />
          <TextField
            label={t("customers:fields.contactPerson")}
            maxLength={CUSTOMER_LIMITS.contactPerson}
            autoComplete="off"
            error={errors.contactPerson?.message}
            {...register("contactPerson")}
          />
          <TextField
            label={t("customers:fields.email")}
            type="email"
            maxLength={CUSTOMER_LIMITS.email}
            autoComplete="off"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            label={t("customers:fields.phone")}
            type="tel"
            maxLength={CUSTOMER_LIMITS.phone}
            autoComplete="off"
            error={errors.phone?.message}
            {...register("phone")}
          />
        </div>
        <TextAreaField
          label={t("customers:fields.content")}
          hint={t("customers:fields.contentHint")}
          maxLength={CUSTOMER_LIMITS.content}
          error={errors.content?.message}
          {...register("content")}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:items-center">
          {customer ? (
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
      {leaveDialog}
      <DeleteCustomerDialog
        target={deleting && customer ? { id: customer.id, name: customer.name, totalQuotes: customer.totalQuotes } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          allowLeave();
          onDone();
        }}
      />
    </>
  );
}

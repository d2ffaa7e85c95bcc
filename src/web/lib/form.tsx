import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useBlocker } from "react-router";
import type { CombinedError } from "urql";
import type { z } from "zod";
import { translateKey } from "../../shared/i18n/index";
import { ConfirmDialog } from "../components/ui/dialog";
import { useTranslation } from "../i18n";
import { type Refusal, serverRefusal } from "./mutation-errors";

/**
 * The one form pattern of the app (docs/decisions/005-one-form-pattern.md): react-hook-form with
 * the zod schema the server uses, errors shown by the `Field` components, server refusals mapped
 * onto the same fields, and a question before an edited form is left.
 */

/**
 * A form for a shared zod schema. Its messages are translation keys ("customers:validation.…"):
 * they are translated here, once, so a field shows client and server errors the same way.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues?: DefaultValues<z.input<S>>) {
  const { t } = useTranslation();
  const base = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) => {
    const result = await base(values, context, options);
    // Nested fields (paymentTerms.percent, lineItems.0.price) carry their errors one level down.
    const translate = (errors: unknown, depth: number) => {
      if (!errors || typeof errors !== "object" || depth > 4) return;
      for (const error of Object.values(errors) as { message?: unknown; type?: unknown }[]) {
        if (!error || typeof error !== "object") continue;
        if (typeof error.message === "string" && typeof error.type === "string") error.message = translateKey(t, error.message);
        else translate(error, depth + 1);
      }
    };
    translate(result.errors, 0);
    return result;
  };
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues, mode: "onSubmit", reValidateMode: "onChange" });
}

/**
 * The one adapter from a server refusal to form errors: each field message the server sent
 * (GraphQL `extensions.fields`, or the auth API's `fields`) goes to the field of that name
 * (`rename` maps the server's paths, e.g. "signUp.name" → "name"); a refusal without a field of
 * this form becomes the form's own error (`errors.root.server`). Returns the message for a toast.
 */
export function applyRefusal<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, refusal: Refusal, rename: Record<string, string> = {}): string {
  const names = new Set(Object.keys(form.getValues()));
  let onFields = 0;
  for (const [serverPath, message] of Object.entries(refusal.fields)) {
    const path = rename[serverPath] ?? serverPath;
    // A nested path ("paymentTerms.percent") goes to that field when the form has it.
    const known = names.has(path) || (path.includes(".") && names.has(path.split(".")[0]) && form.getValues(path as Path<T>) !== undefined);
    if (!known) continue;
    form.setError(path as Path<T>, { type: "server", message }, { shouldFocus: onFields === 0 });
    onFields += 1;
  }
  if (onFields === 0) form.setError("root.server", { type: "server", message: refusal.message });
  return refusal.message;
}

/** `applyRefusal` for a failed GraphQL mutation. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: CombinedError | undefined, generic: string): string {
  return applyRefusal(form, serverRefusal(error, generic));
}

/**
 * Leaving an edited form asks first: in-app navigation (links, back, cancel) through React Router's
 * blocker and a confirm dialog, closing or reloading the tab through `beforeunload`. Call
 * `allowLeave()` right before navigating away after a successful save.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers need it set
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("leaveForm.title")}
      confirmLabel={t("leaveForm.leave")}
      cancelLabel={t("leaveForm.stay")}
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      <p>{t("leaveForm.body")}</p>
    </ConfirmDialog>
  );
  return {
    allowLeave: () => {
      allowed.current = true;
    },
    leaveDialog: dialog,
  };
}

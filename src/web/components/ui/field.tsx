import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

type ControlProps = { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined; className: string };

/**
 * A labelled form control with its hint and error wired up for assistive technology. The control
 * itself (input, select, textarea, …) is rendered by `children` with the props it needs.
 */
export function Field({
  id,
  label,
  error,
  hint,
  hideLabel = false,
  className = "",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Keep the label for screen readers only (e.g. a filter whose purpose is obvious). */
  hideLabel?: boolean;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-900"}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: `${hideLabel ? "" : "mt-1"} block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${error ? "border-red-600" : "border-slate-300"}`,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Labelled = { label: string; error?: string; hint?: string; hideLabel?: boolean };

/** A labelled text input (any <input> props). */
export function TextField({ label, error, hint, hideLabel, className = "", ...props }: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  const id = useId();
  return (
    <Field id={props.id ?? id} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => <input {...props} {...control} />}
    </Field>
  );
}

/** A labelled native select (keyboard- and mobile-friendly). */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  options,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & Labelled & { options: { value: string; label: string; disabled?: boolean }[] }) {
  const id = useId();
  return (
    <Field id={props.id ?? id} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => (
        <select {...props} {...control}>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField({ label, error, hint, hideLabel, className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  const id = useId();
  return (
    <Field id={props.id ?? id} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => <textarea rows={4} {...props} {...control} />}
    </Field>
  );
}

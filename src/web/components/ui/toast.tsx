import { Toaster as SonnerToaster, toast as sonner } from "sonner";

/** SPEC: a toast has a message and a type (success or error); it goes after 5000 ms or on click. */
export const TOAST_DURATION_MS = 5000;
export type ToastType = "success" | "error";

function ToastView({ id, message, type }: { id: string | number; message: string; type: ToastType }) {
  const success = type === "success";
  return (
    <button
      type="button"
      onClick={() => sonner.dismiss(id)}
      data-toast-type={type}
      className="flex w-full min-w-[18rem] max-w-sm cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm shadow-lg"
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-white ${success ? "bg-green-600" : "bg-red-600"}`}
      >
        {success ? (
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
            <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
            <path d="M11 4h-2v8h2V4zm0 10h-2v2h2v-2z" />
          </svg>
        )}
      </span>
      <span className="text-slate-900" role={success ? "status" : "alert"}>
        {message}
      </span>
    </button>
  );
}

function show(message: string, type: ToastType) {
  return sonner.custom((id) => <ToastView id={id} message={message} type={type} />, {
    duration: TOAST_DURATION_MS,
  });
}

/** toast.success("Saved"), toast.error("Something went wrong"). */
export const toast = {
  success: (message: string) => show(message, "success"),
  error: (message: string) => show(message, "error"),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

/** The toast container, above the routed page. */
export function Toaster({ label }: { label: string }) {
  return <SonnerToaster position="top-right" containerAriaLabel={label} toastOptions={{ unstyled: true }} />;
}

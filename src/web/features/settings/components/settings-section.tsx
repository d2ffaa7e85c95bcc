import type { ReactNode } from "react";

/** A titled card of the settings screens. */
export function SettingsSection({ title, hint, children, testId }: { title: string; hint?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid={testId}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

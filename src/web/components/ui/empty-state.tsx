export function EmptyState({ title, body, action }: { title: string; body?: string; action?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="empty-state">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {body ? <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{body}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

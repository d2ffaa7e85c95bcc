/** A simple responsive data table: horizontal scroll on narrow screens, header cells with scope. */
export function Table({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className = "" }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 ${className}`}>
      {children}
    </th>
  );
}

export function Td({ children, className = "", ...props }: React.TdHTMLAttributes<HTMLTableCellElement> & { "data-testid"?: string }) {
  return (
    <td {...props} className={`px-4 py-3 align-middle text-slate-800 ${className}`}>
      {children}
    </td>
  );
}

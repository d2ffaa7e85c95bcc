import { useState } from "react";
import { Link } from "react-router";
import { Table, Td, Th } from "../../../components/ui/table";
import type { CustomersQuery } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { type DeleteCustomerTarget, DeleteCustomerDialog } from "./delete-customer-dialog";

type Row = CustomersQuery["customers"]["items"][number];

/** The customers list with edit and delete per row. */
export function CustomersTable({ items }: { items: Row[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [target, setTarget] = useState<DeleteCustomerTarget | null>(null);
  return (
    <>
      <Table label={t("customers:title")}>
        <thead className="bg-slate-50">
          <tr>
            <Th>{t("customers:columns.name")}</Th>
            <Th className="hidden sm:table-cell">{t("customers:columns.company")}</Th>
            <Th className="hidden text-right sm:table-cell">{t("customers:columns.totalQuotes")}</Th>
            <Th className="hidden text-right sm:table-cell">{t("customers:columns.totalSignedQuotes")}</Th>
            <Th className="text-right">
              <span className="sr-only">{t("customers:columns.actions")}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((c) => (
            <tr key={c.id} data-testid="customer-row">
              <Td className="[overflow-wrap:anywhere]">
                <Link to={href(`/app/customers/mutate/${c.id}`)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {c.name}
                </Link>
                <p className="text-xs text-slate-500 sm:hidden">
                  {[c.companyName, t("customers:summary", { total: c.totalQuotes, signed: c.totalSignedQuotes })].filter(Boolean).join(" · ")}
                </p>
              </Td>
              <Td className="hidden [overflow-wrap:anywhere] sm:table-cell">{c.companyName ?? "—"}</Td>
              <Td className="hidden text-right tabular-nums sm:table-cell">
                <span data-testid="customer-total-quotes">{c.totalQuotes}</span>
              </Td>
              <Td className="hidden text-right tabular-nums sm:table-cell">{c.totalSignedQuotes}</Td>
              <Td className="text-right">
                <div className="flex justify-end gap-1">
                  <Link
                    aria-label={`${t("customers:edit")}: ${c.name}`}
                    to={href(`/app/customers/mutate/${c.id}`)}
                    className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {t("customers:edit")}
                  </Link>
                  <button
                    type="button"
                    aria-label={`${t("customers:delete")}: ${c.name}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                    onClick={() => setTarget({ id: c.id, name: c.name, totalQuotes: c.totalQuotes })}
                  >
                    {t("customers:delete")}
                  </button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <DeleteCustomerDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

import { formatMoney, formatQuantity } from "../../../../shared/format";
import type { LineChange, QuoteVersionDiff } from "../../../../shared/quote-versions";
import { useTranslation } from "../../../i18n";

/**
 * "Changed since you last viewed" (decision 032): the list of what changed from an earlier version
 * to the one shown, in the quote's language. Rendered by the server (also without script); the
 * blocks and lines themselves carry "New" / "Changed" marks in the document.
 */
export function VersionChanges({
  diff,
  reason,
  language,
  currency,
}: {
  diff: QuoteVersionDiff;
  reason: "SIGNED_EARLIER" | "VIEWED_EARLIER";
  language: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, language);
  const lineText = (line: LineChange): string => {
    if (line.kind === "added") return t("signing:versions.lineAdded", { name: line.name });
    if (line.kind === "removed") return t("signing:versions.lineRemoved", { name: line.name });
    const changes = line.fields.map((field) => {
      if (field === "price" || field === "total")
        return t(`signing:versions.field.${field}`, { from: money(line.before[field]), to: money(line.after[field]) });
      if (field === "amount" || field === "vatRate")
        return t(`signing:versions.field.${field}`, { from: formatQuantity(line.before[field], language), to: formatQuantity(line.after[field], language) });
      if (field === "optional")
        return t("signing:versions.field.optional", { to: line.after.optional ? t("signing:versions.optionalYes") : t("signing:versions.optionalNo") });
      return t(`signing:versions.field.${field}`);
    });
    return t("signing:versions.lineChanged", { name: line.name, changes: changes.join(", ") });
  };
  const items: string[] = [];
  if (diff.header.length) items.push(t("signing:versions.header"));
  for (const block of diff.blocks) {
    if (block.kind === "added") items.push(t("signing:versions.blockAdded", { name: block.name }));
    else if (block.kind === "removed") items.push(t("signing:versions.blockRemoved", { name: block.name }));
    else {
      if (block.previousName !== null) items.push(t("signing:versions.blockRenamed", { from: block.previousName, name: block.name }));
      if (block.contentChanged) items.push(t("signing:versions.blockContent", { name: block.name }));
      if (block.pricingChanged) items.push(t("signing:versions.blockPricing", { name: block.name }));
      for (const line of block.lines) items.push(lineText(line));
    }
  }
  if (diff.totalsChanged)
    items.push(t("signing:versions.totals", { from: money(diff.totalsBefore.oneOff.totalExclVat), to: money(diff.totalsAfter.oneOff.totalExclVat) }));
  const title =
    reason === "SIGNED_EARLIER"
      ? t("signing:versions.changedSinceSigned", { from: diff.from, to: diff.to })
      : t("signing:versions.changedSinceViewed", { from: diff.from, to: diff.to });
  return (
    <section
      aria-labelledby="version-changes-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
      data-testid="version-changes"
    >
      <h2 id="version-changes-title" className="text-base font-semibold !text-amber-950">
        {title}
      </h2>
      <p className="mt-1 text-sm !text-amber-950">{t("signing:versions.intro", { to: diff.to })}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {items.map((item) => (
          <li key={item} className="!text-amber-950 [overflow-wrap:anywhere]">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

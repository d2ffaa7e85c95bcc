import { formatMoney } from "../../../../shared/format";
import { applySelection } from "../../../../shared/quote-document";
import { grandTotalLabel, totalsRows, totalsSummary } from "../../quote-document/totals-layout";
import type { IslandData } from "../types";
import { optionReporter } from "./option-report";

/**
 * Optional lines: ticking or unticking one recomputes the block and quote totals with
 * src/shared/totals.ts (through applySelection) and writes them into the server's markup, laid
 * out by the same totals-layout.ts as the server's rendering.
 */
export function startOptions(root: HTMLElement, data: IslandData) {
  const boxes = Array.from(root.querySelectorAll<HTMLInputElement>("input[data-option]"));
  const money = (amount: string) => formatMoney(amount, data.currency, data.language);
  const selection = () => boxes.filter((b) => b.checked).map((b) => b.dataset.option as string);

  function render() {
    const doc = applySelection(data.document, selection());
    for (const block of doc.blocks) {
      if (!block.pricing) continue;
      const total = root.querySelector(`[data-block-total="${CSS.escape(block.id)}"]`);
      if (total) total.textContent = totalsSummary(block.pricing.totals, data.labels, money);
      for (const line of block.pricing.lines) {
        if (!line.optional) continue;
        const row = root.querySelector<HTMLElement>(`tr[data-line-id="${CSS.escape(line.id)}"]`);
        row?.classList.toggle("text-slate-400", !line.selected);
        const tag = row?.querySelector<HTMLElement>("[data-not-selected]");
        if (tag) tag.hidden = Boolean(line.selected);
      }
    }
    const rows = root.querySelector("[data-quote-totals]");
    if (rows) {
      rows.replaceChildren(
        ...totalsRows(doc.totals, data.labels, money).map((row) => {
          if (row.kind === "heading") {
            const heading = element("div", "pt-2 text-sm font-semibold text-slate-900");
            heading.append(element("dt", "", row.label), element("dd", ""));
            return heading;
          }
          const wrapper = element(
            "div",
            row.kind === "strong"
              ? "flex items-baseline justify-between gap-4 text-sm font-semibold text-slate-900"
              : "flex items-baseline justify-between gap-4 text-sm text-slate-600",
          );
          if (row.testId) wrapper.dataset.testid = row.testId;
          wrapper.append(element("dt", "", row.label), element("dd", "", row.amount));
          return wrapper;
        }),
      );
    }
    const grand = root.querySelector("[data-quote-total]");
    if (grand) {
      grand.textContent = totalsSummary(doc.totals, data.labels, money, "totalInclVat");
      const label = grand.previousElementSibling;
      if (label) label.textContent = grandTotalLabel(doc.totals, data.labels);
    }
  }

  const report = optionReporter(data.nanoId, selection);
  for (const box of boxes) {
    box.addEventListener("change", render);
    box.addEventListener("change", report);
  }
  // A browser may restore ticks after "back": show the totals for what is ticked. Only then: the
  // server's markup already shows its own ticks (`defaultChecked`), and recomputing them at start
  // built the page's first currency formatter while the logo waited to be painted (decision 091).
  // Chromium restores them after this script has started, so look again once the page is shown.
  const restored = () => boxes.some((box) => box.checked !== box.defaultChecked);
  if (restored()) render();
  addEventListener("pageshow", () => restored() && render(), { once: true });
  return { selection };
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

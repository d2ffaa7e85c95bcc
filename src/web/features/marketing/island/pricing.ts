/**
 * The pricing page's monthly/yearly switch. Without JavaScript it is a GET form (?interval=yearly)
 * and the server renders the other interval. With it, the switch changes in place: the server
 * rendered both intervals' texts (data-monthly / data-yearly), the parts for one interval only
 * (data-interval-only) and both targets of the plan links (data-href-monthly / data-href-yearly);
 * the address and the language switch's links keep the interval.
 */
type Interval = "monthly" | "yearly";

export function startPricing(): void {
  const form = document.querySelector<HTMLFormElement>("form[data-interval-switch]");
  if (!form) return;
  const buttons = [...form.querySelectorAll<HTMLButtonElement>("button[name=interval]")];
  const apply = (interval: Interval) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.value === interval));
    for (const el of document.querySelectorAll<HTMLElement>("[data-monthly][data-yearly]")) el.textContent = el.dataset[interval] ?? "";
    for (const el of document.querySelectorAll<HTMLElement>("[data-interval-only]")) el.hidden = el.dataset.intervalOnly !== interval;
    const hrefKey = interval === "yearly" ? "hrefYearly" : "hrefMonthly";
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-href-monthly][data-href-yearly]")) link.href = link.dataset[hrefKey] ?? link.href;
    const url = new URL(window.location.href);
    url.searchParams.set("interval", interval);
    window.history.replaceState(window.history.state, "", url);
    for (const link of document.querySelectorAll<HTMLAnchorElement>("[data-language-switch] a[href]")) {
      const target = new URL(link.href);
      target.searchParams.set("interval", interval);
      link.href = target.pathname + target.search;
    }
  };
  for (const button of buttons) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      apply(button.value === "yearly" ? "yearly" : "monthly");
    });
  }
}

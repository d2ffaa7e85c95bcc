/**
 * The mobile menu is a <details> element that opens and closes without JavaScript; with it, the
 * menu also closes after a link is chosen (and so is closed when the page comes back from the
 * back/forward cache) and on Escape, focus going back to the menu button.
 */
export function startMenu(): void {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[data-mobile-menu]")) {
    const close = () => menu.removeAttribute("open");
    menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !menu.open) return;
      close();
      menu.querySelector("summary")?.focus();
    });
    menu.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) close();
    });
  }
}

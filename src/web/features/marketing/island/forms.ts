import { toast } from "./toasts";

/**
 * The contact page's two forms. Without JavaScript each posts to the page and the server renders
 * the answer in it (field errors in the page's language, the success message). With JavaScript the
 * same post is sent in the background, and the part of the page the server rendered for the form
 * (its <section id=…>) is taken from the answer: one renderer, the server's, and the same
 * validation. The contact form shows its answer in place (focus on the error summary); the
 * newsletter form answers with a toast and starts empty again, as before.
 */
export function startForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-island-form]")) wire(form);
}

function wire(form: HTMLFormElement) {
  let sending = false;
  form.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const section = form.closest<HTMLElement>("section[id]");
    if (!section) return; // nothing to swap: let the browser post the form
    event.preventDefault();
    sending = true;
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = button?.textContent ?? "";
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus on <body>.
    if (button) {
      button.setAttribute("aria-disabled", "true");
      if (button.dataset.sendingLabel) button.textContent = button.dataset.sendingLabel;
    }
    void send(form, section)
      .catch(() => {
        // The answer could not be used (network, an error page): post the form the ordinary way,
        // so the visitor sees what the server says.
        HTMLFormElement.prototype.submit.call(form);
      })
      .finally(() => {
        sending = false;
        if (button?.isConnected) {
          button.removeAttribute("aria-disabled");
          button.textContent = label;
        }
      });
  });
}

async function send(form: HTMLFormElement, section: HTMLElement): Promise<void> {
  const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { accept: "text/html" }, credentials: "same-origin" });
  const html = await response.text();
  const answer = new DOMParser().parseFromString(html, "text/html");
  const incoming = answer.getElementById(section.id);
  if (!incoming) throw new Error(`no #${section.id} in the answer (${response.status})`);
  const next = document.importNode(incoming, true) as HTMLElement;
  const hadFocus = section.contains(document.activeElement);
  const kind = form.dataset.islandForm;
  if (kind === "newsletter") {
    const success = next.querySelector("[data-form-success]");
    if (success) {
      // The toast says it; the form comes back empty, without the inline message of the no-script page.
      const message = success.textContent ?? "";
      success.remove();
      replace(section, next, hadFocus ? "button[type=submit]" : null);
      toast(message, "success");
      return;
    }
    replace(section, next, hadFocus ? "[aria-invalid=true]" : null);
    const error = next.querySelector<HTMLFormElement>("form[data-form-error]")?.dataset.formError;
    if (error) toast(error, "error");
    return;
  }
  replace(
    section,
    next,
    next.querySelector("[data-form-error-summary]") ? "[data-form-error-summary]" : hadFocus ? "[data-form-success], button[type=submit]" : null,
  );
}

function replace(section: HTMLElement, next: HTMLElement, focus: string | null) {
  section.replaceWith(next);
  for (const form of next.querySelectorAll<HTMLFormElement>("form[data-island-form]")) wire(form);
  if (focus) next.querySelector<HTMLElement>(focus)?.focus();
}

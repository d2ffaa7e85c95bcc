import type SignaturePad from "signature_pad";
import type { IslandData } from "../types";

const MUTATION = `mutation CreateQuoteSignature($nanoId: String!, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, input: $input) { nanoId status }
}`;

type Deps = { selection: () => string[]; reload: () => Promise<void> };

/** A toast (SPEC §2: success or error; gone after 5 s or on click), in the page's own region. */
export function toast(message: string, type: "success" | "error") {
  const region = document.getElementById("island-toasts");
  if (!region) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.toastType = type;
  button.className = "flex w-full max-w-sm items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm text-slate-900 shadow-lg";
  const dot = document.createElement("span");
  dot.setAttribute("aria-hidden", "true");
  dot.className = `mt-1 inline-block h-3 w-3 shrink-0 rounded-full ${type === "success" ? "bg-green-600" : "bg-red-600"}`;
  const text = document.createElement("span");
  text.textContent = message;
  button.append(dot, text);
  const remove = () => button.remove();
  button.addEventListener("click", remove);
  region.append(button);
  setTimeout(remove, 5000);
}

/**
 * The signing form: name, drawn (signature_pad, loaded when the form is opened) or typed signature,
 * consent; sent as `createQuoteSignature` over /graphql with the CSRF header and the ticked
 * options. Success: the page is fetched again and "Signature added"; failure: SPEC §8's message.
 */
export function startSigning(root: HTMLElement, data: IslandData, deps: Deps) {
  const details = root.querySelector<HTMLDetailsElement>("details#sign");
  const form = root.querySelector<HTMLFormElement>("form[data-signing-form]");
  if (!details || !form || !data.canSign) return;
  const canvas = form.querySelector("canvas");
  let pad: SignaturePad | null = null;
  let loading: Promise<SignaturePad | null> | null = null;

  const method = () => (form.querySelector<HTMLInputElement>("input[name=method]:checked")?.value === "TYPED" ? "TYPED" : "DRAWN");
  const errorSlot = (name: string) => form.querySelector<HTMLElement>(`[data-error="${name}"]`);
  const setError = (name: string, message: string) => {
    const slot = errorSlot(name);
    if (slot) slot.textContent = message;
  };

  function loadPad(): Promise<SignaturePad | null> {
    if (!canvas) return Promise.resolve(null);
    loading ??= import("signature_pad").then(({ default: Pad }) => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad = new Pad(canvas, { penColor: "#0f172a", backgroundColor: "rgba(255,255,255,0)" });
      return pad;
    });
    return loading;
  }

  // The customer starts signing: the drawing library arrives now, never with the page.
  details.addEventListener("toggle", () => {
    if (details.open && method() === "DRAWN") void loadPad();
  });
  if (details.open) void loadPad();

  for (const radio of form.querySelectorAll<HTMLInputElement>("input[name=method]")) {
    radio.addEventListener("change", () => {
      for (const panel of form.querySelectorAll<HTMLElement>("[data-panel]")) panel.hidden = panel.dataset.panel !== method();
      if (method() === "DRAWN") void loadPad();
    });
  }
  form.querySelector("[data-clear]")?.addEventListener("click", () => pad?.clear());
  // A message goes as soon as the customer fixes what it is about.
  const clearOn = (selector: string, event: string, slot: string) => form.querySelector(selector)?.addEventListener(event, () => setError(slot, ""));
  clearOn("input[name=name]", "input", "name");
  clearOn("input[name=typed]", "input", "signature");
  clearOn("canvas", "pointerup", "signature");
  clearOn("input[name=consent]", "change", "consent");

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const slot of form.querySelectorAll<HTMLElement>("[data-error]")) slot.textContent = "";
    const name = (form.elements.namedItem("name") as HTMLInputElement).value.trim();
    const consent = (form.elements.namedItem("consent") as HTMLInputElement).checked;
    const kind = method();
    const typed = (form.elements.namedItem("typed") as HTMLInputElement).value.trim();
    const drawn = kind === "DRAWN" ? await loadPad() : null;
    const signature = kind === "TYPED" ? typed : drawn && !drawn.isEmpty() ? drawn.toDataURL("image/png") : "";
    let valid = true;
    if (!name) {
      setError("name", data.messages.nameRequired);
      valid = false;
    }
    if (!signature) {
      setError("signature", data.messages.signatureRequired);
      valid = false;
    }
    if (!consent) {
      setError("consent", data.messages.consentRequired);
      valid = false;
    }
    if (!valid) {
      form.querySelector<HTMLElement>("[data-error]:not(:empty)")?.closest("div, p")?.querySelector<HTMLElement>("input, canvas")?.focus();
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (submit) {
      submit.disabled = true;
      submit.textContent = data.messages.signing;
    }
    try {
      const response = await fetch("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", "accept-language": data.language === "NL" ? "nl" : "en" },
        body: JSON.stringify({
          operationName: "CreateQuoteSignature",
          query: MUTATION,
          // The version the customer is looking at: if the sender changed the quote since, the server refuses (decision 032).
          variables: {
            nanoId: data.nanoId,
            input: { name, signatureKind: kind, signature, selection: deps.selection(), consent: true, version: data.version },
          },
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
      if (!response.ok || body.errors?.length || !body.data) {
        const refusal = body.errors?.[0];
        // A refusal the customer can act on (a field) is shown in the form; the toast says SPEC §8's message.
        if (refusal?.extensions?.code === "BAD_USER_INPUT" || refusal?.extensions?.code === "CONFLICT") setError("form", refusal.message);
        throw new Error(refusal?.message ?? `HTTP ${response.status}`);
      }
      await deps.reload();
      // The form the focus was in is gone (the page's content was replaced): keyboard and screen
      // reader users continue at the signatures, where theirs now is.
      const signatures = document.getElementById("signatures-title");
      if (signatures) {
        signatures.tabIndex = -1;
        signatures.focus();
      }
      toast(data.messages.added, "success");
    } catch {
      toast(data.messages.failed, "error");
      if (submit) {
        submit.disabled = false;
        submit.textContent = data.messages.submit;
      }
    }
  });
}

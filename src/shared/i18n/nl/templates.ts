import type en from "../en/templates";
import type { Mirror } from "../types";

/** Sjablonen: tekst- en prijssjablonen, handtekeningsjablonen. */
export default {
  title: "Sjablonen",
  tabs: {
    label: "Soorten sjablonen",
    blocks: "Tekst en prijzen",
    signatures: "Handtekeningen",
  },
  newText: "Nieuw tekstsjabloon",
  newPricing: "Nieuw prijssjabloon",
  editTitle: "Sjabloon bewerken",
  back: "Terug naar sjablonen",
  notFound: "Dit sjabloon bestaat niet (meer).",
  searchLabel: "Sjablonen zoeken",
  kindFilter: "Soort",
  allKinds: "Alle soorten",
  updated: "gewijzigd {{date}}",
  empty: {
    title: "Nog geen sjablonen",
    body: "Schrijf een tekst of prijslijst één keer en voeg hem aan elke offerte toe. Je kunt ook elk offerteblok als sjabloon opslaan.",
    noResults: "Geen sjablonen gevonden met deze filters.",
  },
  confirmDelete: {
    title: "Het sjabloon “{{name}}” verwijderen?",
    body: "Offertes die het gebruikten houden hun eigen kopie. Dit kan niet ongedaan worden gemaakt.",
    confirm: "Sjabloon verwijderen",
  },
  signatures: {
    new: "Nieuwe handtekening",
    name: "Naam",
    kind: "Handtekening",
    kinds: {
      DRAWN: "Getekend",
      TYPED: "Getypt",
    },
    typed: "Getypte handtekening",
    draw: "Teken je handtekening",
    drawHint: "Teken met een muis, pen of vinger. Werk je met een toetsenbord? Kies “Getypt”.",
    clear: "Wissen",
    current: "Huidige handtekening",
    imageAlt: "Handtekening van {{name}}",
    isDefault: "Standaardhandtekening",
    isDefaultHint: "Wordt toegevoegd aan nieuwe offertes van dit account.",
    default: "Standaard",
    save: "Handtekening opslaan",
    added: "handtekening toegevoegd",
    updated: "handtekening bijgewerkt",
    deleted: "handtekening verwijderd",
    confirmDelete: "De handtekening “{{name}}” verwijderen?",
    confirmDeleteBody: "Dit kan niet ongedaan worden gemaakt.",
    empty: {
      title: "Nog geen handtekeningen",
      body: "Sla je handtekening één keer op, getekend of getypt, om offertes snel te ondertekenen.",
    },
  },
} as const satisfies Mirror<typeof en>;

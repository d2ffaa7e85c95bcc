import type en from "../en/customers";
import type { Mirror } from "../types";

export default {
  title: "Klanten",
  new: "Nieuwe klant",
  newTitle: "Nieuwe klant",
  editTitle: "Klant bewerken",
  searchLabel: "Klanten zoeken",
  searchPlaceholder: "Naam, bedrijf, contactpersoon of e-mail",
  sortLabel: "Sorteren op",
  sort: {
    NAME_ASC: "Naam (A–Z)",
    NAME_DESC: "Naam (Z–A)",
    NEWEST: "Nieuwste eerst",
    OLDEST: "Oudste eerst",
    MOST_QUOTES: "Meeste offertes",
  },
  columns: {
    name: "Naam",
    company: "Bedrijf",
    totalQuotes: "Offertes",
    totalSignedQuotes: "Getekend",
    actions: "Acties",
  },
  fields: {
    name: "Naam",
    companyName: "Bedrijfsnaam",
    contactPerson: "Contactpersoon",
    email: "E-mail",
    phone: "Telefoon",
    content: "Adres",
    contentHint: "Adres en contactgegevens, zoals ze op de offerte komen.",
  },
  empty: {
    title: "Nog geen klanten",
    body: "Voeg de mensen en bedrijven toe naar wie je offertes stuurt.",
    noResults: "Geen klanten gevonden voor “{{search}}”.",
  },
  summary: "{{total}} offertes, {{signed}} getekend",
  edit: "Bewerken",
  delete: "Verwijderen",
  save: "Klant opslaan",
  cancel: "Annuleren",
  back: "Terug naar klanten",
  saved: "klant opgeslagen",
  updated: "klant bijgewerkt",
  deleted: "klant verwijderd",
  notFound: "Deze klant bestaat niet (meer).",
  confirmDelete: {
    title: "{{name}} verwijderen?",
    body: "Dit kan niet ongedaan worden gemaakt.",
    quotes_one:
      "De {{count}} offerte blijft bestaan, zonder klant. Een gepubliceerde of getekende offerte houdt de klantgegevens zoals ze bij publicatie waren.",
    quotes_other:
      "De {{count}} offertes blijven bestaan, zonder klant. Gepubliceerde en getekende offertes houden de klantgegevens zoals ze bij publicatie waren.",
    confirm: "Klant verwijderen",
  },
  validation: {
    nameRequired: "Vul de naam van de klant in.",
    nameTooLong: "De naam mag maximaal 120 tekens zijn.",
    companyNameTooLong: "De bedrijfsnaam mag maximaal 120 tekens zijn.",
    contactPersonTooLong: "De contactpersoon mag maximaal 120 tekens zijn.",
    emailInvalid: "Vul een geldig e-mailadres in.",
    phoneInvalid: "Vul een geldig telefoonnummer in (alleen cijfers, spaties en + ( ) - . /, maximaal 40).",
    contentTooLong: "Het adres mag maximaal 2000 tekens zijn.",
    searchTooLong: "De zoekopdracht mag maximaal 100 tekens zijn.",
  },
} as const satisfies Mirror<typeof en>;

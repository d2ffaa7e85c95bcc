import type { Mirror } from "../types";
import type en from "../en/api";

export default {
  badRequest: "Het verzoek werd niet begrepen.",
  invalidJson: "Het verzoek bevat ongeldige JSON.",
  unknownOperation: "Onbekende operatie: {{name}}",
  mutationOverGet: "Mutaties moeten met POST worden verstuurd.",
  csrfMissing: "De verplichte x-graphql-csrf-header ontbreekt: elk verzoek aan /graphql moet hem meesturen (bijv. x-graphql-csrf: 1).",
  foreignOrigin: "Verzoeken vanaf een andere website zijn niet toegestaan.",
  payloadTooLarge: "Het verzoek is te groot: hoogstens {{size}} KB.",
  tooComplex: "De query is te diep of te zwaar.",
  inputTooDeep: "De variabelen van het verzoek zijn te diep genest: hoogstens {{max}} niveaus.",
  unauthenticated: "Log in om verder te gaan.",
  forbidden: "Je hebt hier geen toegang toe.",
  accountRequired: "Kies eerst een account (de Account-header ontbreekt of noemt een account waar je geen lid van bent).",
  invalidCursor: "Deze plek in de lijst is niet meer geldig: begin opnieuw bij de eerste pagina.",
  invalidPage: "De pagina moet 1 of hoger zijn en het aantal per pagina tussen 1 en {{max}}.",
  alreadyRegistered: "Je registratie is al voltooid.",
  notFound: "Niet gevonden.",
  invalidInput: "Sommige velden zijn niet geldig.",
  internal: "Er is iets misgegaan",
  rateLimited: "Te veel verzoeken. Wacht even en probeer het opnieuw.",
} as const satisfies Mirror<typeof en>;

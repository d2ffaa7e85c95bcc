import type en from "../en/harvest";
import type { Mirror } from "../types";

export default {
  title: "Harvest",
  description: "Maak van een getekende offerte een project en een geaccepteerde schatting in Harvest.",
  notConnected: "Niet gekoppeld",
  connectedTo: "Gekoppeld aan {{company}}",
  needsAttention: "Vraagt aandacht",
  form: {
    token: "Persoonlijk toegangstoken",
    tokenHint: "Maak er een aan op id.getharvest.com → Developers. Het wordt versleuteld bewaard.",
    accountId: "Account-ID",
    accountIdHint: "Staat naast het token op de Developers-pagina van Harvest.",
    create: "Als een offerte getekend is, maak",
    createOptions: {
      PROJECT: "Een project",
      ESTIMATE: "Een geaccepteerde schatting",
      BOTH: "Een project en een geaccepteerde schatting",
    },
    connect: "Harvest koppelen",
    connecting: "Bezig met koppelen…",
    save: "Opslaan",
    saving: "Bezig met opslaan…",
    saved: "Opgeslagen.",
    reconnect: "Opnieuw koppelen",
  },
  validation: {
    tokenRequired: "Plak je persoonlijke toegangstoken van Harvest.",
    tokenInvalid: "Dit is geen toegangstoken van Harvest.",
    accountIdRequired: "Vul je account-ID van Harvest in.",
    accountIdInvalid: "De account-ID is een getal, bijvoorbeeld 123456.",
    createInvalid: "Kies wat er in Harvest moet worden aangemaakt.",
  },
  errors: {
    invalidToken: "Harvest weigerde dit token en deze account-ID. Controleer ze allebei en probeer het opnieuw.",
    rejected: "Harvest nam het verzoek niet aan (status {{status}}). Probeer het later opnieuw.",
    unreachable: "Harvest is niet bereikbaar. Probeer het zo meteen opnieuw.",
    notConnected: "Harvest is niet gekoppeld.",
  },
  estimate: {
    per: { MONTH: "per maand", QUARTER: "per kwartaal", YEAR: "per jaar" },
    discount: "Korting: {{block}}",
    subject: "{{number}} — {{title}}",
    notesAmounts: "Bedragen excl. btw, zoals getekend in Offerly.",
    notesOneOff: "Eenmalig: {{exclVat}} excl. btw + {{vat}} btw = {{inclVat}} {{currency}}",
    notesRecurring: "Terugkerend ({{interval}}): {{exclVat}} excl. btw + {{vat}} btw = {{inclVat}} {{currency}}",
    notesLink: "De offerte in Offerly: {{url}}",
    noCustomer: "Klant uit Offerly",
  },
} satisfies Mirror<typeof en>;

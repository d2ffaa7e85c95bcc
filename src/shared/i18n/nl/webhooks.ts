import type en from "../en/webhooks";
import type { Mirror } from "../types";

export default {
  notFound: "Dit webhook-eindpunt bestaat niet.",
  deliveryNotFound: "Deze aflevering bestaat niet of is ouder dan 30 dagen.",
  errors: {
    urlNotAllowed: "Deze URL kan geen webhooks ontvangen: gebruik een openbaar https://-adres.",
    tooManyEndpoints: "Een account kan hoogstens {{max}} webhook-eindpunten hebben.",
    notConfigured: "Webhooks zijn op deze server niet ingesteld (WEBHOOK_SECRET_KEY ontbreekt). Neem contact op met support.",
    resendUnavailable: "Deze aflevering kan niet meer opnieuw worden verstuurd: de gebeurtenis is niet meer bewaard.",
  },
  validation: {
    urlRequired: "Vul de URL in die de gebeurtenissen moet ontvangen.",
    urlInvalid: "Vul een volledige URL in, zoals https://example.com/webhooks.",
    urlTooLong: "De URL mag hoogstens 2000 tekens lang zijn.",
    eventTypesRequired: "Kies minstens één gebeurtenis.",
    eventTypeUnknown: "Een van de gebeurtenissen bestaat niet.",
    descriptionTooLong: "De omschrijving mag hoogstens 500 tekens lang zijn.",
  },
  email: {
    greeting: "Hallo {{name}},",
    greetingNoName: "Hallo,",
    footer: "Je ontvangt deze e-mail omdat je eigenaar bent van een Offerly-account.",
    failing: {
      subject: "Webhook-eindpunt uitgeschakeld voor {{company}}",
      preheader: "Afleveringen aan {{url}} mislukten drie dagen lang.",
      heading: "Een webhook-eindpunt is uitgeschakeld",
      body: "Offerly kon ongeveer drie dagen lang geen gebeurtenissen afleveren bij {{url}} en heeft dit eindpunt uitgeschakeld. Er worden geen gebeurtenissen meer naartoe gestuurd. Controleer de ontvanger en schakel het eindpunt daarna weer in via Instellingen → Ontwikkelaars; het afleverlogboek toont wat de ontvanger antwoordde.",
      button: "Open ontwikkelaarsinstellingen",
    },
    revoked: {
      subject: "{{integration}} losgekoppeld voor {{company}}",
      preheader: "{{integration}} weigerde de toegang van Offerly ({{url}}).",
      heading: "Een koppeling heeft geen toegang meer",
      body: "{{integration}} accepteert niet meer wat Offerly naar {{url}} stuurt: het kanaal is gearchiveerd of verwijderd, of de app of het token is ingetrokken. Offerly stuurt er niets meer naartoe. Koppel hem opnieuw via Instellingen → Koppelingen.",
      button: "Open koppelingen",
    },
  },
} as const satisfies Mirror<typeof en>;

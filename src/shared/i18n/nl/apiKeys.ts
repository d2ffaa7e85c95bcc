import type en from "../en/apiKeys";
import type { Mirror } from "../types";

export default {
  roles: {
    ADMIN: "Beheerder",
    READ_ONLY: "Alleen lezen",
  },
  validation: {
    nameRequired: "Geef de sleutel een naam (bijvoorbeeld de koppeling die hem gebruikt).",
    nameTooLong: "De naam mag hoogstens 100 tekens lang zijn.",
    roleInvalid: "Kies Beheerder of Alleen lezen.",
    expiresInPast: "De vervaldatum moet in de toekomst liggen.",
  },
  errors: {
    notFound: "Deze API-sleutel bestaat niet.",
    tooMany: "Een account kan hoogstens {{max}} actieve API-sleutels hebben. Trek een sleutel in die u niet meer gebruikt.",
    personRequired:
      "Een API-sleutel kan dit niet: meld u aan als persoon (wijzigingen in het team, e-mails namens iemand en API-sleutels zelf worden door mensen beheerd).",
    invalidKey: "De API-sleutel is niet geldig: onbekend, ingetrokken of verlopen.",
    readOnly: "Deze API-sleutel is alleen-lezen: hij kan niets wijzigen.",
  },
  rest: {
    titles: {
      badRequest: "Ongeldig verzoek",
      unauthorized: "Niet aangemeld",
      forbidden: "Geen toegang",
      notFound: "Niet gevonden",
      methodNotAllowed: "Methode niet toegestaan",
      conflict: "Conflict",
      payloadTooLarge: "Verzoek te groot",
      unsupportedMediaType: "Mediatype niet ondersteund",
      tooManyRequests: "Te veel verzoeken",
      internal: "Interne serverfout",
    },
    missingKey: "Een API-sleutel is nodig: stuur hem mee als Authorization: Bearer ofr_live_….",
    notFound: "Deze bron bestaat niet.",
    methodNotAllowed: "Deze methode is hier niet toegestaan.",
    invalidJson: "De inhoud van het verzoek is geen geldige JSON.",
    unsupportedMediaType: "Stuur de inhoud van het verzoek als application/json.",
    invalidRequest: "Sommige velden zijn niet geldig.",
    invalidQuery: "Sommige queryparameters zijn niet geldig.",
    unknownTemplate: "Dit sjabloon bestaat niet in dit account.",
    unknownCustomer: "Deze klant bestaat niet in dit account.",
  },
} as const satisfies Mirror<typeof en>;

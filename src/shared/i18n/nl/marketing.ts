import type { Mirror } from "../types";
import type en from "../en/marketing";

export default {
  meta: {
    siteName: "Offerly",
    home: {
      title: "Offerly · Online offertes die je klanten openen, lezen en ondertekenen",
      description:
        "Maak professionele offertes van herbruikbare blokken, deel ze met één link, zie wanneer klanten ze lezen en laat ze online ondertekenen. 14 dagen gratis proberen, geen creditcard nodig.",
    },
    features: {
      title: "Functies · Offerly",
      description:
        "Offertebouwer, sjablonen, een openbare link met online ondertekenen, bekijkstatistieken, je eigen huisstijl en een teamaccount. Zie wat Offerly doet en wat er nog komt.",
    },
    pricing: {
      title: "Prijzen · Offerly",
      description:
        "De abonnementen Starter, Basic en Pro, per maand of per jaar met twee maanden gratis. Prijzen in euro's exclusief btw. Probeer alles 14 dagen gratis.",
    },
    faq: {
      title: "Veelgestelde vragen · Offerly",
      description: "Antwoorden over de gratis proefperiode, abonnementen en betalen, online ondertekenen, statistieken, talen, je gegevens en opzeggen.",
    },
    contact: {
      title: "Contact · Offerly",
      description: "Vragen over Offerly? Stuur ons een bericht. Of abonneer je op onze nieuwsbrief met tips voor offertes die scoren.",
    },
    blog: {
      title: "Blog · Offerly",
      titlePage: "Blog, pagina {{page}} · Offerly",
      description: "Praktische artikelen over het schrijven van offertes die opdrachten opleveren: opbouw, prijzen, opvolging en ondertekening.",
    },
    privacy: {
      title: "Privacybeleid · Offerly",
      description: "Wat Offerly over jou en je klanten bewaart, waarom, hoe lang, en welke rechten je hebt.",
    },
    newsletter: {
      title: "Nieuwsbrief · Offerly",
      description: "Beheer je abonnement op de nieuwsbrief van Offerly.",
    },
  },
  signedIn: {
    goToApp: "Naar de app",
  },
  cta: {
    startTrial: "Start gratis proefperiode",
    trialNote: "14 dagen gratis proberen, geen creditcard nodig",
    seePricing: "Bekijk de prijzen",
    seeFeatures: "Bekijk alle functies",
  },
  home: {
    eyebrow: "Online offertes voor zzp'ers, bureaus en kleine bedrijven",
    title: "Verstuur offertes die gelezen, begrepen en ondertekend worden",
    lead: "Offerly maakt van je offertes overzichtelijke online documenten. Stel ze samen uit herbruikbare blokken, deel één link, zie wanneer je klant leest en laat hem ondertekenen zonder iets te printen.",
    forWhom: {
      title: "Gemaakt voor wie zijn vakmanschap verkoopt",
      freelancers: {
        title: "Zzp'ers",
        text: "Bouw niet steeds dezelfde offerte opnieuw in een tekstverwerker. Bewaar je vaste teksten en prijzen als sjablonen en verstuur binnen minuten een verzorgde offerte.",
      },
      agencies: {
        title: "Bureaus",
        text: "Geef elke accountmanager dezelfde opbouw, huisstijl en prijzen, en zie welke voorstellen klanten echt openen.",
      },
      smallBusinesses: {
        title: "Kleine bedrijven",
        text: "Installateurs, adviseurs, trainers: offreer in de taal van je klant, in euro's, dollars of ponden, en krijg dezelfde dag een handtekening.",
      },
    },
    steps: {
      title: "Van eerste opzet tot handtekening",
      build: { title: "Samenstellen", text: "Voeg tekstblokken en prijsblokken toe, hergebruik sjablonen en laat de totalen zichzelf optellen." },
      send: { title: "Delen", text: "Publiceer de offerte en stuur één link. Je klant heeft geen account en geen app nodig." },
      track: { title: "Opvolgen", text: "Zie wanneer de offerte geopend wordt en hoe lang er gelezen wordt, zodat je op het juiste moment belt." },
      sign: { title: "Ondertekenen", text: "Je klant ondertekent online door een handtekening te tekenen of te typen. Jij krijgt een ondertekend exemplaar." },
    },
    example: {
      caption: "Een voorbeeldofferte zoals je klant die ziet",
      number: "Offerte Q-2026-014",
      title: "Nieuwe website voor Bakkerij de Vries",
      from: "Van: Studio Noord",
      to: "Voor: Bakkerij de Vries",
      customerName: "Bakkerij de Vries",
      customerAddress: "Dorpsstraat 1\n1234 AB Ergens",
      date: "Datum: 3 november 2026",
      validUntil: "Geldig tot: 3 december 2026",
      item: "Omschrijving",
      quantity: "Aantal",
      price: "Prijs",
      amount: "Bedrag",
      items: {
        design: "Ontwerp homepage en 5 sjablonen",
        development: "Bouw en overzetten van content",
        hosting: "Hosting en support (per maand)",
      },
      days: "{{count}} dagen",
      months: "{{count}} maanden",
      subtotal: "Subtotaal",
      vat: "Btw 21%",
      total: "Totaal",
      viewed: "3 keer geopend · 7 minuten gelezen",
      sign: "Onderteken deze offerte",
    },
    closing: {
      title: "Je volgende offerte kan morgen al getekend zijn",
      text: "Probeer alle functies 14 dagen. Geen creditcard, nergens aan vast.",
    },
  },
  features: {
    title: "Alles wat je nodig hebt voor offertes die scoren",
    lead: "Offerly dekt het hele leven van een offerte: schrijven, delen, opvolgen en laten ondertekenen.",
    includedIn: "Inbegrepen in",
    allPlans: "Alle abonnementen",
    fromPlan: "{{plan}} en Pro",
    onlyPlan: "Pro",
    plannedFor: "Gepland voor",
    comingSoon: "Binnenkort",
    comingSoonNote: "Nog niet beschikbaar: we melden het in de nieuwsbrief zodra het er is.",
    sections: {
      quotes: {
        title: "Offertes voor je klanten",
        text: "Houd je klanten op één plek bij en maak genummerde offertes voor ze, elk met een eigen datum, vervaldatum, taal (Nederlands of Engels) en valuta (euro, dollar of pond).",
      },
      building: {
        title: "Offertebouwer",
        text: "Stel een offerte samen uit tekstblokken en prijsblokken. Prijsblokken bevatten regels met een prijs en aantal per dag, week, maand, kwartaal, jaar, stuk of een vast bedrag, en de totalen worden voor je berekend. Zet blokken in de gewenste volgorde, dupliceer ze en schrijf elke offerte in het Nederlands of Engels, in euro's, dollars of ponden.",
      },
      templates: {
        title: "Sjablonen",
        text: "Bewaar je vaste inleidingen, voorwaarden, pakketten en prijzen als tekst- en prijssjablonen en voeg ze met één klik aan elke offerte toe. Ook je handtekening bewaar je als sjabloon.",
      },
      publicLink: {
        title: "Openbare link",
        text: "Publiceer een offerte en deel één geheime link. Je klant leest hem in de browser, op elk apparaat, zonder account. Trek je hem in, dan werkt de link niet meer.",
      },
      signing: {
        title: "Online ondertekenen",
        text: "Met Basic en Pro ondertekent je klant de offerte direct waar hij hem leest, getekend of getypt, en je kunt je eigen handtekening toevoegen.",
      },
      pdf: {
        title: "Printen en pdf",
        text: "Je klant print de offerte of slaat hem op als pdf, opgemaakt als een echt document.",
      },
      tracking: {
        title: "Statistieken",
        text: "Zie hoe vaak elke offerte geopend wordt en hoe lang er gelezen wordt. Het dashboard telt weergaven, leestijd en gepubliceerde en ondertekende offertes per dag op, zodat je weet welke voorstellen werken.",
      },
      styling: {
        title: "Je eigen huisstijl",
        text: "Met Basic en Pro dragen offertes je logo, je kleuren en je lettertype, zodat ze er uitzien alsof ze van jou komen, niet van ons.",
      },
      team: {
        title: "Team",
        text: "Nodig collega's per e-mail uit voor je account. Iedereen werkt met dezelfde klanten, sjablonen en offertes.",
      },
    },
    integrations: {
      title: "Koppelingen",
      lead: "Offerly laat de tools die je al gebruikt weten wat er met een offerte gebeurt. Slack, Harvest en Zapier horen bij Basic en Pro en koppel je via Instellingen → Koppelingen; met Pro verstuur je een offerte ter ondertekening via je eigen DocuSign-account.",
      slack:
        "Een bericht in de Slack-kanalen die je kiest als een offerte ondertekend, afgewezen of voor het eerst geopend wordt of er een vraag over komt, in de taal van je account.",
      harvest: "Een ondertekende offerte wordt in Harvest een klant, een project en een geaccepteerde begroting van de regels die je klant koos.",
      zapier:
        "Koppel Offerly via Zapier aan duizenden andere apps: ondertekend, bekeken, afgewezen, vragen en nieuwe klanten starten een Zap; een Zap kan klanten en conceptoffertes aanmaken.",
      docusign: "Laat offertes met DocuSign ondertekenen als je klant dat vraagt (Pro).",
    },
    domain: {
      title: "Eigen domein",
      text: "Met Pro deel je offertes vanaf je eigen adres, zoals offertes.jouwbedrijf.nl, in plaats van dat van Offerly: voeg twee DNS-records toe en wij regelen het beveiligde (https) certificaat. Andere abonnementen delen offertes vanaf het adres van Offerly.",
    },
    watermark: {
      title: "Watermerk",
      text: 'Offertes met Starter en Basic krijgen onderaan een klein "Gemaakt met Offerly"-kenmerk; Pro-offertes niet. Nog niet ingevoerd: nu heeft geen enkele offerte een kenmerk.',
    },
  },
  pricing: {
    title: "Eenvoudige prijzen, alle functies 14 dagen gratis",
    lead: "Begin met een gratis proefperiode van alles. Kies een abonnement als je er klaar voor bent. Altijd opzegbaar.",
    interval: "Betaalperiode",
    monthly: "Per maand",
    yearly: "Per jaar",
    yearlyDiscount: "2 maanden gratis",
    perMonth: "per maand",
    perYear: "per jaar",
    exclVat: "excl. btw",
    perMonthBilledYearly: "{{amount}} per maand, jaarlijks gefactureerd",
    saving: "Je bespaart {{amount}} per jaar",
    switchToYearly: "Betaal per jaar en krijg 2 maanden gratis ({{percent}}% korting)",
    popular: "Meest gekozen",
    choose: "Start gratis proefperiode",
    vatNote: "Alle prijzen zijn in euro's en exclusief btw. Waar btw van toepassing is, wordt die bij het afrekenen toegevoegd.",
    plans: {
      STARTER: { name: "Starter", description: "Voor zzp'ers die heldere offertes willen en weten wanneer ze gelezen worden." },
      BASIC: { name: "Basic", description: "Voor bedrijven die ondertekende offertes in hun eigen huisstijl willen." },
      PRO: { name: "Pro", description: "Voor bureaus die hun eigen domein willen en geen watermerk van Offerly." },
    },
    compare: {
      title: "Vergelijk de abonnementen",
      feature: "Functie",
      included: "Inbegrepen",
      notIncluded: "Niet inbegrepen",
      comingSoon: "Binnenkort",
    },
    featureNames: {
      quotes: "Klanten en offertes in het Nederlands of Engels, in euro's, dollars of ponden",
      blocks: "Offertebouwer met tekst- en prijsblokken",
      templates: "Tekst-, prijs- en handtekeningsjablonen",
      publicLink: "Openbare link voor je klant",
      pdf: "Printen en pdf",
      tracking: "Bijhouden van weergaven en leestijd",
      statistics: "Statistiekendashboard",
      team: "Je team uitnodigen",
      signing: "Online ondertekenen",
      styling: "Logo, kleuren en lettertype",
      developerApi: "Webhooks, API-sleutels en een REST-API",
      integrations: "Koppelingen met Slack, Harvest en Zapier",
      payments: "Aanbetalingen en betalingen via je eigen Mollie-account",
      docusign: "Koppeling met DocuSign",
      customDomain: "Eigen domein",
      noWatermark: "Geen watermerk van Offerly",
    },
  },
  faq: {
    title: "Veelgestelde vragen",
    lead: "Staat je antwoord er niet bij? Stuur ons een bericht via de contactpagina.",
    items: {
      trial: {
        q: "Hoe werkt de gratis proefperiode?",
        a: "Als je je aanmeldt krijg je 14 dagen alle functies, zonder creditcard. Aan het eind van de proefperiode kies je een abonnement; doe je dat niet, dan wordt je account gepauzeerd en blijven je offertes bewaard tot je dat wel doet.",
      },
      plans: {
        q: "Wat is het verschil tussen Starter, Basic en Pro?",
        a: "Elk abonnement heeft klanten, de offertebouwer met blokken en sjablonen, openbare links, pdf's, statistieken en teamtoegang. Basic voegt online ondertekenen toe, je eigen logo, kleuren en lettertype, betalingen door je klanten via je eigen Mollie-account, de ontwikkelaars-API en de koppelingen met Slack, Harvest en Zapier; Pro voegt DocuSign en je eigen domein voor offertelinks toe en haalt het watermerk van Offerly weg. Op de functiepagina staan ze allemaal.",
      },
      vat: {
        q: "Zijn de prijzen inclusief btw?",
        a: "Nee. De prijzen zijn in euro's en exclusief btw. Waar btw van toepassing is, wordt die bij het afrekenen toegevoegd en op je factuur vermeld.",
      },
      yearly: {
        q: "Wat bespaar ik als ik per jaar betaal?",
        a: "Een jaarabonnement kost tien keer de maandprijs, dus je krijgt twee maanden gratis: ongeveer 16% minder dan per maand betalen.",
      },
      signing: {
        q: "Is een online handtekening rechtsgeldig?",
        a: "In de EU wordt een elektronische handtekening als bewijs aanvaard en mag die niet worden geweigerd alleen omdat hij elektronisch is (eIDAS-verordening). Voor de meeste offertes en overeenkomsten volstaat een getekende of getypte handtekening met een vastlegging van wie wanneer tekende. Eist de wet voor een contract een gekwalificeerde handtekening, gebruik dan een gekwalificeerde ondertekendienst.",
      },
      customer: {
        q: "Heeft mijn klant een account nodig?",
        a: "Nee. Je klant opent de link die je stuurt en leest de offerte in elke browser, print hem of slaat hem op als pdf, en ondertekent hem met Basic en Pro online. Niets te installeren, niets te registreren.",
      },
      tracking: {
        q: "Wat houden jullie precies bij als mijn klant een offerte opent?",
        a: "We tellen de weergaven van de openbare offerte en hoe lang elk onderdeel gelezen wordt, en laten je die cijfers per offerte en op het dashboard zien. We volgen je klant niet op andere websites en verkopen geen gegevens.",
      },
      languages: {
        q: "Kan ik offertes in een andere taal versturen?",
        a: "Ja. Elke offerte heeft een eigen taal (Nederlands of Engels) en valuta (euro, dollar of pond), los van de taal waarin je Offerly gebruikt.",
      },
      cancel: {
        q: "Kan ik op elk moment opzeggen?",
        a: "Ja. Je zegt op in de instellingen onder Abonnement; je abonnement loopt tot het eind van de betaalde periode en wordt niet verlengd.",
      },
      integrations: {
        q: "Welke koppelingen zijn er?",
        a: "Met Basic en Pro: Slack (een bericht in de kanalen die je kiest als een offerte ondertekend, afgewezen of voor het eerst geopend wordt of er een vraag over komt), Harvest (een ondertekende offerte wordt een project en een geaccepteerde begroting), Zapier (duizenden andere apps), en ondertekende webhooks met een REST-API voor je eigen systemen. Je koppelt ze via Instellingen → Koppelingen en Instellingen → Ontwikkelaars. Met Pro ook DocuSign: koppel je eigen DocuSign-account en verstuur een gepubliceerde offerte met DocuSign; je klant ondertekent daar en de offerte staat in Offerly als ondertekend, met de ondertekende pdf en het certificaat van DocuSign.",
      },
      customDomain: {
        q: "Hoe toon ik mijn offertes op mijn eigen domein?",
        a: "Ga met Pro naar Instellingen → Domein en vul een subdomein in dat van jou is, zoals offertes.jouwbedrijf.nl (niet jouwbedrijf.nl zelf: een kaal domein kan niet naar elders wijzen). Daarna tonen we twee records die je toevoegt bij het bedrijf waar je je domein beheert (je DNS-aanbieder). Het CNAME-record zegt ‘dit subdomein wordt door Offerly getoond’; het TXT-record, met de naam _offerly gevolgd door je subdomein, bevat een code die alleen jij hebt gekregen en bewijst dat het domein van jou is. We zoeken automatisch naar de records, vaak in de eerste 72 uur en daarna dagelijks, en je kunt op ‘Nu controleren’ klikken. Zodra we ze allebei vinden, gebruiken nieuwe offertelinks, e-mails en pdf's jouw domein, met een beveiligd (https) certificaat dat we automatisch regelen. Links die je eerder stuurde blijven werken. Verdwijnen de records of stap je van Pro af, dan gaan je offertes terug naar ons adres en sturen we je een e-mail.",
      },
      data: {
        q: "Waar worden mijn gegevens bewaard en wie kan ze zien?",
        a: "Je accountgegevens en offertes staan op servers in de EU. Alleen de mensen die je voor je account uitnodigt kunnen ze zien, en een offerte wordt alleen voor anderen zichtbaar via de geheime link die je deelt. Lees het privacybeleid voor de details.",
      },
    },
  },
  contact: {
    title: "Neem contact op",
    lead: "Vragen over Offerly, een abonnement of je account? Stuur ons een bericht; we antwoorden per e-mail, meestal binnen één werkdag.",
    form: {
      title: "Stuur ons een bericht",
      name: "Je naam",
      email: "Je e-mailadres",
      message: "Je bericht",
      messageHint: "Hooguit {{max}} tekens.",
      honeypot: "Laat dit veld leeg",
      submit: "Bericht versturen",
      sending: "Bezig met versturen…",
      success: "Bedankt! Je bericht is verstuurd. We antwoorden je per e-mail.",
    },
    newsletter: {
      title: "Nieuwsbrief",
      lead: "Eén e-mail per maand met praktische tips voor offertes die scoren, en nieuws over Offerly. Met één klik afmelden.",
      email: "E-mailadres",
      submit: "Abonneren",
      sending: "Bezig met abonneren…",
      success: "Bijna klaar: kijk in je inbox en klik op de link om je abonnement te bevestigen.",
    },
  },
  forms: {
    errors: {
      summary: "Verbeter de velden die hieronder gemarkeerd zijn.",
      nameRequired: "Vul je naam in.",
      nameTooLong: "Je naam is te lang (hooguit 200 tekens).",
      emailRequired: "Vul je e-mailadres in.",
      emailInvalid: "Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.",
      messageRequired: "Vul een bericht in.",
      messageTooLong: "Je bericht is te lang: hooguit {{max}} tekens, alsjeblieft.",
      expired: "Dit formulier is verlopen. Laad de pagina opnieuw en probeer het nog eens.",
      rateLimited: "Je hebt te veel verzoeken verstuurd. Probeer het over {{minutes}} minuten opnieuw.",
      generic: "Er ging iets mis. Probeer het opnieuw.",
    },
  },
  blog: {
    title: "Blog",
    lead: "Praktisch advies over offertes en voorstellen die opdrachten opleveren.",
    readMore: "Lees “{{title}}”",
    published: "Gepubliceerd",
    tags: "Onderwerpen",
    readingTime: "{{minutes}} min. lezen",
    similar: "Vergelijkbare artikelen",
    back: "Alle artikelen",
    empty: "Nog geen artikelen.",
    pagination: {
      label: "Blogpagina's",
      previous: "Nieuwere artikelen",
      next: "Oudere artikelen",
      page: "Pagina {{page}} van {{pages}}",
    },
  },
  privacy: {
    updated: "Laatst bijgewerkt",
  },
  newsletter: {
    confirm: {
      title: "Bevestig je abonnement",
      lead: "Klik op de knop om te bevestigen dat je de nieuwsbrief van Offerly wilt ontvangen.",
      button: "Abonnement bevestigen",
      done: "Bedankt: je abonnement is bevestigd. We hebben je een welkomstmail gestuurd met een link om je op elk moment af te melden.",
      invalid: "Deze bevestigingslink is niet geldig: hij is al gebruikt of verlopen. Abonneer je opnieuw op de contactpagina voor een nieuwe link.",
    },
    unsubscribe: {
      title: "Afmelden voor de nieuwsbrief",
      lead: "Klik op de knop om de nieuwsbrief van Offerly niet meer te ontvangen.",
      button: "Afmelden",
      done: "Je bent afgemeld. Je ontvangt de nieuwsbrief niet meer.",
      invalid: "Deze afmeldlink is niet geldig. Blijf je de nieuwsbrief ontvangen, antwoord er dan op en we halen je met de hand uit de lijst.",
    },
  },
  mail: {
    contact: {
      subject: "Contactformulier: bericht van {{name}}",
      intro: "{{name}} <{{email}}> stuurde dit bericht via het contactformulier (interfacetaal: {{locale}}). Beantwoord deze e-mail om te reageren.",
    },
    confirm: {
      subject: "Bevestig je abonnement op de nieuwsbrief van Offerly",
      body: "Iemand, hopelijk jij, heeft gevraagd de nieuwsbrief van Offerly op dit adres te ontvangen. Bevestig dat door deze link te openen:",
      button: "Mijn abonnement bevestigen",
      ignore: "Niet aangevraagd? Negeer deze e-mail: zonder bevestiging ontvang je niets.",
    },
    welcome: {
      subject: "Welkom bij de nieuwsbrief van Offerly",
      body: "Je abonnement is bevestigd. Je krijgt één e-mail per maand met praktische tips voor offertes die scoren.",
      unsubscribe: "Wil je stoppen? Meld je op elk moment af:",
      unsubscribeButton: "Afmelden",
    },
  },
} as const satisfies Mirror<typeof en>;

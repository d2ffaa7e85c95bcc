/** The public marketing site: home, features, pricing, FAQ, contact, blog, newsletter, e-mails. */
export default {
  meta: {
    siteName: "Offerly",
    home: {
      title: "Offerly · Online quotes your customers open, read and sign",
      description:
        "Build professional quotes from reusable blocks, share them with one link, see when customers read them and let them sign online. 14-day free trial, no credit card needed.",
    },
    features: {
      title: "Features · Offerly",
      description:
        "Quote builder, templates, a public link with online signing, view tracking and statistics, your own styling and a team account. See what Offerly does, and what is coming next.",
    },
    pricing: {
      title: "Pricing · Offerly",
      description: "Starter, Basic and Pro plans, monthly or yearly with two months free. Prices in euros excluding VAT. Try every feature free for 14 days.",
    },
    faq: {
      title: "Frequently asked questions · Offerly",
      description: "Answers about the free trial, plans and billing, signing quotes online, tracking, languages, your data and cancelling.",
    },
    contact: {
      title: "Contact · Offerly",
      description: "Questions about Offerly? Send us a message. Or subscribe to our newsletter with tips on writing quotes that win.",
    },
    blog: {
      title: "Blog · Offerly",
      titlePage: "Blog, page {{page}} · Offerly",
      description: "Practical articles about writing quotes and proposals that win work: structure, pricing, follow-up and signing.",
    },
    privacy: {
      title: "Privacy policy · Offerly",
      description: "What Offerly stores about you and your customers, why, for how long, and what your rights are.",
    },
    newsletter: {
      title: "Newsletter · Offerly",
      description: "Manage your subscription to the Offerly newsletter.",
    },
  },
  /** For a visitor who is signed in: the app instead of "Sign in" and "Start free trial". */
  signedIn: {
    goToApp: "Go to app",
  },
  cta: {
    startTrial: "Start free trial",
    trialNote: "14-day free trial, no credit card needed",
    seePricing: "See pricing",
    seeFeatures: "See all features",
  },
  home: {
    eyebrow: "Online quotes for freelancers, agencies and small businesses",
    title: "Send quotes that get read, understood and signed",
    lead: "Offerly turns your quotes into clear online documents. Build them from reusable blocks, share one link, see when your customer reads it, and let them sign without printing a thing.",
    forWhom: {
      title: "Made for people who sell their expertise",
      freelancers: {
        title: "Freelancers",
        text: "Stop rebuilding the same quote in a word processor. Keep your standard texts and prices as templates and send a polished quote in minutes.",
      },
      agencies: {
        title: "Agencies",
        text: "Give every account manager the same structure, styling and prices, and see which proposals customers actually open.",
      },
      smallBusinesses: {
        title: "Small businesses",
        text: "Installers, consultants, trainers: quote in your customer's language, in euros, dollars or pounds, and get a signature the same day.",
      },
    },
    steps: {
      title: "From first draft to signature",
      build: { title: "Build", text: "Add text blocks and pricing blocks, reuse templates and let the totals add up themselves." },
      send: { title: "Share", text: "Publish the quote and send one link. Your customer needs no account and no app." },
      track: { title: "Follow up", text: "See when the quote is opened and how long it is read, so you call at the right moment." },
      sign: { title: "Sign", text: "Your customer signs online by drawing or typing a signature. You get a signed record." },
    },
    example: {
      caption: "An example quote as your customer sees it",
      number: "Quote Q-2026-014",
      title: "New website for Harbour Bakery",
      from: "From: Studio Noord",
      to: "For: Harbour Bakery",
      /** The example's customer, in the page's language (an English page shows an English customer). */
      customerName: "Harbour Bakery",
      customerAddress: "12 Quay Street\nBristol BS1 4DJ",
      date: "Date: 3 November 2026",
      validUntil: "Valid until: 3 December 2026",
      item: "Item",
      quantity: "Qty",
      price: "Price",
      amount: "Amount",
      items: {
        design: "Design of home page and 5 templates",
        development: "Development and content migration",
        hosting: "Hosting and support (per month)",
      },
      days: "{{count}} days",
      months: "{{count}} months",
      subtotal: "Subtotal",
      vat: "VAT 21%",
      total: "Total",
      viewed: "Opened 3 times · read for 7 minutes",
      sign: "Sign this quote",
    },
    closing: {
      title: "Your next quote could be signed tomorrow",
      text: "Try every feature for 14 days. No credit card, no commitment.",
    },
  },
  features: {
    title: "Everything you need to send quotes that win",
    lead: "Offerly covers the whole life of a quote: writing it, sharing it, following it up and getting it signed.",
    includedIn: "Included in",
    allPlans: "All plans",
    fromPlan: "{{plan}} and Pro",
    onlyPlan: "Pro",
    plannedFor: "Planned for",
    comingSoon: "Coming soon",
    comingSoonNote: "Not available yet: we will announce it in the newsletter when it is.",
    sections: {
      quotes: {
        title: "Quotes for your customers",
        text: "Keep your customers in one place and create numbered quotes for them, each with its own date, expiration date, language (English or Dutch) and currency (euro, dollar or pound).",
      },
      building: {
        title: "Quote builder",
        text: "Compose a quote from text blocks and pricing blocks. Pricing blocks hold line items with a price and quantity per day, week, month, quarter, year, item or a fixed amount, and the totals are calculated for you. Drag blocks into order, duplicate them, and write each quote in English or Dutch, in euros, dollars or pounds.",
      },
      templates: {
        title: "Templates",
        text: "Save your standard introductions, terms, packages and prices as text and pricing templates, and add them to any quote with one click. Save your signature as a template too.",
      },
      publicLink: {
        title: "Public link",
        text: "Publish a quote and share one secret link. Your customer reads it in the browser, on any device, without an account. Withdraw it and the link stops working.",
      },
      signing: {
        title: "Online signing",
        text: "On Basic and Pro your customer signs the quote right where they read it, by drawing or typing a signature, and you can add your own signature.",
      },
      pdf: {
        title: "Print and PDF",
        text: "Your customer prints the quote or saves it as a PDF, laid out as a proper document.",
      },
      tracking: {
        title: "Tracking and statistics",
        text: "See how often each quote is opened and how long it is read. The dashboard sums up views, reading time, and quotes published and signed per day, so you know which proposals work.",
      },
      styling: {
        title: "Your styling",
        text: "On Basic and Pro, quotes carry your logo, your colours and your font, so they look like they came from you, not from us.",
      },
      team: {
        title: "Team",
        text: "Invite colleagues to your account by e-mail. Everyone works with the same customers, templates and quotes.",
      },
    },
    integrations: {
      title: "Integrations",
      lead: "Offerly tells the tools you already use when something happens to a quote. Slack, Harvest and Zapier are part of the Basic and Pro plans and are connected in Settings → Integrations; on Pro, DocuSign sends a quote for signature with your own DocuSign account.",
      slack:
        "A message in the Slack channels you choose when a quote is signed, declined, opened for the first time or gets a question, in your account's language.",
      harvest: "A signed quote becomes a client, a project and an accepted estimate of the lines your customer chose in Harvest.",
      zapier:
        "Connect Offerly to thousands of other apps through Zapier: signed, viewed, declined, questions and new customers start a Zap; a Zap can create customers and draft quotes.",
      docusign: "Have quotes signed with DocuSign when your customer requires it (Pro).",
    },
    domain: {
      title: "Custom domain",
      text: "On Pro, share quotes from your own address, such as quotes.yourcompany.com, instead of Offerly's: add two DNS records and we arrange the secure (https) certificate. Other plans share quotes from Offerly's address.",
    },
    watermark: {
      title: "Watermark",
      text: 'Quotes on Starter and Basic will carry a small "Made with Offerly" mark at the bottom; Pro quotes none. Not in place yet: today no quote carries a mark.',
    },
  },
  pricing: {
    title: "Simple prices, every feature free for 14 days",
    lead: "Start with a free trial of everything. Choose a plan when you are ready. Cancel any time.",
    interval: "Billing interval",
    monthly: "Monthly",
    yearly: "Yearly",
    yearlyDiscount: "2 months free",
    perMonth: "per month",
    perYear: "per year",
    exclVat: "excl. VAT",
    perMonthBilledYearly: "{{amount}} per month, billed yearly",
    saving: "You save {{amount}} a year",
    switchToYearly: "Pay yearly and get 2 months free (save {{percent}}%)",
    popular: "Most popular",
    choose: "Start free trial",
    vatNote: "All prices are in euros and exclude VAT. VAT is added at checkout where it applies.",
    plans: {
      STARTER: { name: "Starter", description: "For freelancers who want clear quotes and know when they are read." },
      BASIC: { name: "Basic", description: "For businesses that want signed quotes in their own style." },
      PRO: { name: "Pro", description: "For agencies that want their own domain and no Offerly watermark." },
    },
    compare: {
      title: "Compare the plans",
      feature: "Feature",
      included: "Included",
      notIncluded: "Not included",
      comingSoon: "Coming soon",
    },
    featureNames: {
      quotes: "Customers and quotes in English or Dutch, in euros, dollars or pounds",
      blocks: "Quote builder with text and pricing blocks",
      templates: "Text, pricing and signature templates",
      publicLink: "Public link for your customer",
      pdf: "Print and PDF",
      tracking: "View and reading-time tracking",
      statistics: "Statistics dashboard",
      team: "Invite your team",
      signing: "Online signing",
      styling: "Logo, colours and font",
      developerApi: "Webhooks, API keys and a REST API",
      integrations: "Slack, Harvest and Zapier integrations",
      payments: "Deposits and payments through your own Mollie account",
      docusign: "DocuSign integration",
      customDomain: "Custom domain",
      noWatermark: "No Offerly watermark",
    },
  },
  faq: {
    title: "Frequently asked questions",
    lead: "Can't find your answer? Send us a message through the contact page.",
    items: {
      trial: {
        q: "How does the free trial work?",
        a: "When you sign up you get 14 days with every feature, without entering a credit card. At the end of the trial you choose a plan; if you don't, your account is paused and your quotes stay safe until you do.",
      },
      plans: {
        q: "What is the difference between Starter, Basic and Pro?",
        a: "Every plan has customers, the quote builder with blocks and templates, public links, PDFs, tracking, statistics and team access. Basic adds online signing, your own logo, colours and font, payments by your customers through your own Mollie account, the developer API and the Slack, Harvest and Zapier integrations; Pro adds DocuSign and your own domain for quote links, and removes the Offerly watermark. The features page lists them all.",
      },
      vat: {
        q: "Are the prices including VAT?",
        a: "No. Prices are in euros and exclude VAT. Where VAT applies it is added at checkout and shown on your invoice.",
      },
      yearly: {
        q: "What do I save by paying yearly?",
        a: "A yearly subscription costs ten times the monthly price, so you get two months free: about 16% less than paying monthly.",
      },
      signing: {
        q: "Is an online signature legally valid?",
        a: "In the EU an electronic signature is accepted as evidence and cannot be refused just because it is electronic (eIDAS regulation). For most quotes and agreements a drawn or typed signature with a record of who signed and when is enough. If a contract legally requires a qualified signature, use a qualified signing service.",
      },
      customer: {
        q: "Does my customer need an account?",
        a: "No. Your customer opens the link you send and reads the quote in any browser, prints it or saves it as a PDF, and on Basic and Pro signs it online. Nothing to install, nothing to register.",
      },
      tracking: {
        q: "What exactly do you track when my customer opens a quote?",
        a: "We count the views of the public quote and how long each part is read, and show you those figures per quote and on the dashboard. We do not track your customer on other websites and do not sell any data.",
      },
      languages: {
        q: "Can I send quotes in another language?",
        a: "Yes. Each quote has its own language (English or Dutch) and currency (euro, dollar or pound), independent of the language you use Offerly in.",
      },
      cancel: {
        q: "Can I cancel at any time?",
        a: "Yes. You cancel from the billing settings; your plan runs until the end of the period you paid for and is not renewed.",
      },
      integrations: {
        q: "Which integrations are there?",
        a: "On Basic and Pro: Slack (a message in the channels you choose when a quote is signed, declined, first opened or gets a question), Harvest (a signed quote becomes a project and an accepted estimate), Zapier (thousands of other apps), and signed webhooks with a REST API for your own systems. You connect them in Settings → Integrations and Settings → Developers. On Pro, DocuSign: connect your own DocuSign account and send a published quote with DocuSign; your customer signs there and the quote shows as signed in Offerly with DocuSign's signed PDF and certificate.",
      },
      customDomain: {
        q: "How do I show my quotes on my own domain?",
        a: "On Pro, go to Settings → Domain and enter a sub-domain you own, such as quotes.yourcompany.com (not yourcompany.com itself: a bare domain cannot point elsewhere). We then show two records to add at the company where you manage your domain (your DNS provider). The CNAME record says “this sub-domain is served by Offerly”; the TXT record, named _offerly followed by your sub-domain, holds a code only you received and proves the domain is yours. We check for the records automatically, often in the first 72 hours and daily after that, and you can press “Check now”. Once both are found, new quote links, e-mails and PDFs use your domain, with a secure (https) certificate we arrange automatically. Links you sent before keep working. If the records disappear or you leave Pro, your quotes go back to our address and we e-mail you.",
      },
      data: {
        q: "Where is my data stored and who can see it?",
        a: "Your account data and quotes are stored on servers in the EU. Only the people you invite to your account can see them, and a quote only becomes visible to others through the secret link you share. Read the privacy policy for the details.",
      },
    },
  },
  contact: {
    title: "Get in touch",
    lead: "Questions about Offerly, a plan, or your account? Send us a message and we will answer by e-mail, usually within one working day.",
    form: {
      title: "Send us a message",
      name: "Your name",
      email: "Your e-mail address",
      message: "Your message",
      messageHint: "Up to {{max}} characters.",
      honeypot: "Leave this field empty",
      submit: "Send message",
      sending: "Sending…",
      success: "Thank you! Your message has been sent. We will reply to you by e-mail.",
    },
    newsletter: {
      title: "Newsletter",
      lead: "One e-mail a month with practical tips on writing quotes that win, and news about Offerly. Unsubscribe with one click.",
      email: "E-mail address",
      submit: "Subscribe",
      sending: "Subscribing…",
      success: "Almost done: check your inbox and click the link to confirm your subscription.",
    },
  },
  forms: {
    errors: {
      summary: "Please correct the fields marked below.",
      nameRequired: "Please enter your name.",
      nameTooLong: "Your name is too long (at most 200 characters).",
      emailRequired: "Please enter your e-mail address.",
      emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
      messageRequired: "Please enter a message.",
      messageTooLong: "Your message is too long: at most {{max}} characters, please.",
      expired: "This form has expired. Please reload the page and try again.",
      rateLimited: "You have sent too many requests. Please try again in {{minutes}} minutes.",
      generic: "Something went wrong. Please try again.",
    },
  },
  blog: {
    title: "Blog",
    lead: "Practical advice on writing quotes and proposals that win work.",
    readMore: "Read “{{title}}”",
    published: "Published",
    tags: "Tags",
    readingTime: "{{minutes}} min read",
    similar: "Similar posts",
    back: "All posts",
    empty: "No posts yet.",
    pagination: {
      label: "Blog pages",
      previous: "Newer posts",
      next: "Older posts",
      page: "Page {{page}} of {{pages}}",
    },
  },
  privacy: {
    updated: "Last updated",
  },
  newsletter: {
    confirm: {
      title: "Confirm your subscription",
      lead: "Click the button to confirm that you want to receive the Offerly newsletter.",
      button: "Confirm subscription",
      done: "Thank you: your subscription is confirmed. We have sent you a welcome e-mail with a link to unsubscribe at any time.",
      invalid: "This confirmation link is not valid: it has already been used, or it has expired. Subscribe again on the contact page to get a new one.",
    },
    unsubscribe: {
      title: "Unsubscribe from the newsletter",
      lead: "Click the button to stop receiving the Offerly newsletter.",
      button: "Unsubscribe",
      done: "You are unsubscribed. You will not receive the newsletter any more.",
      invalid: "This unsubscribe link is not valid. If you keep receiving the newsletter, reply to it and we will remove you by hand.",
    },
  },
  mail: {
    contact: {
      subject: "Contact form: message from {{name}}",
      intro: "{{name}} <{{email}}> sent this message through the contact form (interface language: {{locale}}). Reply to this e-mail to answer them.",
    },
    confirm: {
      subject: "Please confirm your Offerly newsletter subscription",
      body: "Somebody, hopefully you, asked to receive the Offerly newsletter at this address. Please confirm by opening this link:",
      button: "Confirm my subscription",
      ignore: "Did not ask for this? Ignore this e-mail: without confirmation you will receive nothing.",
    },
    welcome: {
      subject: "Welcome to the Offerly newsletter",
      body: "Your subscription is confirmed. Expect one e-mail a month with practical tips on writing quotes that win.",
      unsubscribe: "Want to stop? Unsubscribe at any time:",
      unsubscribeButton: "Unsubscribe",
    },
  },
} as const;

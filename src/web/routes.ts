import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every screen exists in English (no prefix) and Dutch (/nl). The same files serve both; route ids
 * get a "nl:" prefix for the Dutch copy so that both trees can live side by side.
 */
function tree(nl: boolean): RouteConfigEntry[] {
  const id = (name: string) => (nl ? `nl:${name}` : name);
  return [
    layout("routes/marketing/layout.tsx", { id: id("marketing") }, [
      index("routes/marketing/home.tsx", { id: id("home") }),
      route("features", "routes/marketing/features.tsx", { id: id("features") }),
      route("pricing", "routes/marketing/pricing.tsx", { id: id("pricing") }),
      route("faq", "routes/marketing/faq.tsx", { id: id("faq") }),
      route("contact", "routes/marketing/contact.tsx", { id: id("contact") }),
      route("blog", "routes/marketing/blog.tsx", { id: id("blog") }),
      route("blog/:slug", "routes/marketing/blog-post.tsx", { id: id("blog-post") }),
      route("privacy-policy", "routes/marketing/privacy-policy.tsx", { id: id("privacy-policy") }),
      route("newsletter/confirm", "routes/marketing/newsletter-confirm.tsx", { id: id("newsletter-confirm") }),
      route("newsletter/unsubscribe", "routes/marketing/newsletter-unsubscribe.tsx", { id: id("newsletter-unsubscribe") }),
    ]),
    layout("routes/auth/layout.tsx", { id: id("auth-layout") }, [
      route("accept-invite", "routes/auth/accept-invite.tsx", { id: id("accept-invite") }),
      route("complete-profile", "routes/auth/complete-profile.tsx", { id: id("complete-profile") }),
      ...prefix("auth", [
        index("routes/auth/index.tsx", { id: id("auth") }),
        route("sign-in", "routes/auth/sign-in.tsx", { id: id("auth-sign-in") }),
        route("email-link-sent", "routes/auth/email-link-sent.tsx", { id: id("auth-email-link-sent") }),
        route("email-link", "routes/auth/email-link.tsx", { id: id("auth-email-link") }),
      ]),
    ]),
    route("app", "routes/app/layout.tsx", { id: id("app") }, [
      index("routes/app/dashboard.tsx", { id: id("app-dashboard") }),
      route("customers", "routes/app/customers.tsx", { id: id("app-customers") }),
      route("customers/mutate/:customerId?", "routes/app/customer-mutate.tsx", { id: id("app-customer-mutate") }),
      route("quotes", "routes/app/quotes.tsx", { id: id("app-quotes") }),
      route("quotes/mutate/:quoteId?", "routes/app/quote-mutate.tsx", { id: id("app-quote-mutate") }),
      route("quotes/:quoteId/versions/:number", "routes/app/quote-version.tsx", { id: id("app-quote-version") }),
      route("quoteblock/mutate/:quoteId/:quoteBlockId?", "routes/app/quoteblock-mutate.tsx", {
        id: id("app-quoteblock-mutate"),
      }),
      route("templates", "routes/app/templates.tsx", { id: id("app-templates") }),
      route("templates/mutate/:templateId?", "routes/app/template-mutate.tsx", { id: id("app-template-mutate") }),
      route("settings", "routes/app/settings.tsx", { id: id("app-settings") }),
      route("settings/billing", "routes/app/settings-billing.tsx", { id: id("app-settings-billing") }),
      route("settings/billing/update", "routes/app/settings-billing-update.tsx", {
        id: id("app-settings-billing-update"),
      }),
      route("settings/styling", "routes/app/settings-styling.tsx", { id: id("app-settings-styling") }),
      route("settings/team", "routes/app/settings-team.tsx", { id: id("app-settings-team") }),
      route("settings/data", "routes/app/settings-data.tsx", { id: id("app-settings-data") }),
      route("settings/developers", "routes/app/settings-developers.tsx", { id: id("app-settings-developers") }),
      route("settings/integrations", "routes/app/settings-integrations.tsx", { id: id("app-settings-integrations") }),
      route("settings/domain", "routes/app/settings-domain.tsx", { id: id("app-settings-domain") }),
    ]),
    // The public quote view has no layout: it is the customer's document, styled by the sender.
    route("quote/:slug/:nanoId", "routes/quote/public-quote.tsx", { id: id("public-quote") }),
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [
  ...tree(false),
  ...prefix("nl", tree(true)),
  // Resource routes, one per site (not per language).
  route("sitemap.xml", "routes/seo/sitemap.ts", { id: "sitemap" }),
  route("robots.txt", "routes/seo/robots.ts", { id: "robots" }),
] satisfies RouteConfig;

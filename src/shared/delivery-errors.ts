/**
 * The delivery log's own sentences (issue 23): why an attempt was not sent or failed on our side.
 * The server stores them in English (the log row, the REST API, the server log); the screens show
 * them in the reader's language. Each sentence is built here and read back here, so the two stay
 * the same text: a change to one without the other fails src/shared/delivery-errors.test.ts.
 * What a receiver or the network said (HTTP bodies, ECONNREFUSED…) is shown as it came.
 */

type Vars = Record<string, string>;
type Sentence = { key: DeliveryErrorKey; pattern: RegExp; build: (vars: Vars) => string };

export type DeliveryErrorKey =
  | "planNoDeveloperApi"
  | "planNoIntegrations"
  | "eventGone"
  | "interrupted"
  | "timedOut"
  | "onlyHttps"
  | "addressRefused"
  | "hostNotPublic"
  | "hostUnresolved"
  | "hostResolvesRefused"
  | "bodyNotJson"
  | "slackNotFirstView"
  | "slackNotCustomerSignature"
  | "slackRateLimit"
  | "harvestNotJson"
  | "harvestVersionGone"
  | "harvestBusy"
  | "harvestTotals";

/** The steps a Harvest delivery names before what went wrong ("Creating the project: …"). */
export const HARVEST_STEPS = {
  checkConnection: "Checking the connection",
  createClient: "Creating the client",
  findProject: "Looking up the project",
  createProject: "Creating the project",
  findEstimate: "Looking up the estimate",
  createEstimate: "Creating the estimate",
  acceptEstimate: "Marking the estimate accepted",
} as const;
export type HarvestStep = keyof typeof HARVEST_STEPS;

const sentences: Sentence[] = [];
function sentence<const K extends DeliveryErrorKey>(key: K, template: string): (vars?: Vars) => string {
  // "{{name}}" in the English template: a value; everything else matches literally.
  const source = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{(\w+)\\\}\\\}/g, "(?<$1>.+?)");
  const build = (vars: Vars = {}) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
  sentences.push({ key, pattern: new RegExp(`^${source}$`, "s"), build });
  return build;
}

export const deliveryError = {
  planNoDeveloperApi: sentence("planNoDeveloperApi", "Not delivered: the account's plan has no developer API"),
  planNoIntegrations: sentence("planNoIntegrations", "Not delivered: the account's plan has no integrations"),
  eventGone: sentence("eventGone", "The event is no longer stored"),
  interrupted: sentence("interrupted", "Interrupted (the worker stopped during the attempt)"),
  timedOut: sentence("timedOut", "timed out after {{seconds}} s"),
  onlyHttps: sentence("onlyHttps", "Only https:// URLs are allowed"),
  addressRefused: sentence("addressRefused", "The address {{host}} is not allowed (private, loopback or reserved)"),
  hostNotPublic: sentence("hostNotPublic", "The host {{host}} is not a public name"),
  hostUnresolved: sentence("hostUnresolved", "{{host}} did not resolve"),
  hostResolvesRefused: sentence("hostResolvesRefused", "{{host}} resolves to {{address}}, which is not allowed (private, loopback or reserved)"),
  bodyNotJson: sentence("bodyNotJson", "The event's body is not JSON"),
  slackNotFirstView: sentence("slackNotFirstView", "Not sent to Slack: not the quote's first view"),
  slackNotCustomerSignature: sentence("slackNotCustomerSignature", "Not sent to Slack: the account's own signature, not the customer's"),
  slackRateLimit: sentence("slackRateLimit", "Waiting for the channel's rate limit (about one message per second): {{seconds}} s"),
  harvestNotJson: sentence("harvestNotJson", "Harvest answered something that is not JSON"),
  harvestVersionGone: sentence("harvestVersionGone", "The signed version of the quote is not stored"),
  harvestBusy: sentence("harvestBusy", "Another attempt is creating the {{object}} in Harvest"),
  harvestTotals: sentence("harvestTotals", "The estimate's lines ({{sum}} cents) do not add up to the signed totals ({{expected}} cents)"),
};

/** A Harvest step with what went wrong in it ("Creating the project: timed out after 10 s"). */
export function harvestStepError(step: HarvestStep, detail: string | null): string {
  return detail ? `${HARVEST_STEPS[step]}: ${detail}` : HARVEST_STEPS[step];
}

export type DeliveryErrorTranslate = (key: string, vars?: Record<string, string>) => string;

/**
 * The stored sentence in the reader's language (`t` reads developers:deliveries.errors.*), or the
 * text as it came when it is not one of ours.
 */
export function translateDeliveryError(text: string, t: DeliveryErrorTranslate): string {
  for (const [step, english] of Object.entries(HARVEST_STEPS)) {
    if (text === english) return t(`developers:deliveries.errors.steps.${step}`);
    if (text.startsWith(`${english}: `))
      return `${t(`developers:deliveries.errors.steps.${step}`)}: ${translateDeliveryError(text.slice(english.length + 2), t)}`;
  }
  for (const s of sentences) {
    const match = s.pattern.exec(text);
    if (!match) continue;
    const vars: Record<string, string> = { ...match.groups };
    if (s.key === "harvestBusy" && vars.object) vars.object = t(`developers:deliveries.errors.harvestObjects.${vars.object}`);
    return t(`developers:deliveries.errors.${s.key}`, vars);
  }
  return text;
}

/** Form limits of the marketing site, for the forms (no zod here: it stays out of the browser bundle). */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
export const EMAIL_MAX = 254;
/** The field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

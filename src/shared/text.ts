import { z } from "zod";

/**
 * Control characters (C0, DEL, C1) have no place in names, titles or searches, and NUL cannot
 * even be stored in PostgreSQL text: they are refused in validation with a translated field error,
 * never left to fail in the database. Multi-line text keeps line breaks and tabs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_KEY = "common:validation.controlCharacters";

export function hasControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  return (options.multiLine ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/** The one refinement: `.check(noControlCharacters())` or `.check(noControlCharacters({ multiLine: true }))` on a string schema. */
export function noControlCharacters(options: { multiLine?: boolean } = {}) {
  return z.refine<string>((value) => !hasControlCharacters(value, options), { error: CONTROL_CHARACTERS_KEY });
}

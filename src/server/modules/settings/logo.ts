import { LOGO } from "../../../shared/account-settings";
import { type ProcessedImage, processImage } from "../../files/images";

/**
 * A company logo, made safe to serve by the one image pipeline (files/images.ts): PNG, JPEG or
 * WebP only, pixel floods refused, fitted into LOGO.maxWidth × LOGO.maxHeight and re-encoded.
 * See docs/decisions/019-logo-processing-and-fonts.md.
 */
export type ProcessedLogo = ProcessedImage;

export function processLogo(input: Uint8Array): Promise<ProcessedLogo> {
  return processImage(input, {
    ...LOGO,
    errors: {
      tooLarge: "settings:errors.logoTooLarge",
      type: "settings:errors.logoType",
      unreadable: "settings:errors.logoUnreadable",
      tooManyPixels: "settings:errors.logoTooManyPixels",
    },
  });
}

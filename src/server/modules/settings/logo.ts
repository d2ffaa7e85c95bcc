import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { LOGO } from "../../../shared/account-settings";
import { AppError } from "../../errors";
import type { FileContentType } from "../../files/storage";

/**
 * A company logo, made safe to serve: the type is read from the bytes (never the name or the
 * claimed type), only PNG, JPEG and WebP are accepted (SVG and everything else refused), the
 * header's dimensions are checked before anything is decoded (pixel floods), and the image is
 * decoded, fitted into LOGO.maxWidth × LOGO.maxHeight and re-encoded by sharp (libvips), without
 * metadata. The original bytes are never stored. See docs/decisions/019-logo-processing-and-fonts.md.
 */
export type ProcessedLogo = { bytes: Buffer; contentType: FileContentType; width: number; height: number };

const refuse = (key: string, params: Record<string, unknown> = {}) => new AppError("BAD_USER_INPUT", key, params, { file: { key, params } });

export async function processLogo(input: Uint8Array): Promise<ProcessedLogo> {
  if (input.byteLength > LOGO.maxBytes) throw refuse("settings:errors.logoTooLarge", { size: LOGO.maxBytes / 1024 / 1024 });
  if (input.byteLength === 0) throw refuse("settings:errors.logoType");
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(LOGO.types as readonly string[]).includes(detected.mime)) throw refuse("settings:errors.logoType");

  // limitInputPixels: sharp refuses to decode anything larger, whatever the header check missed.
  const image = () => sharp(input, { limitInputPixels: LOGO.maxInputPixels, failOn: "error", animated: false });
  let width: number;
  let height: number;
  try {
    // The header only (nothing decoded), without the pixel limit so that a flood gets its own message.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw refuse("settings:errors.logoUnreadable");
    width = meta.width;
    height = meta.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse("settings:errors.logoUnreadable");
  }
  if (width * height > LOGO.maxInputPixels) throw refuse("settings:errors.logoTooManyPixels", { max: LOGO.maxInputPixels / 1_000_000 });

  // JPEG stays JPEG (photos); PNG and WebP become PNG (transparency kept; PDFs cannot embed WebP).
  const asJpeg = detected.mime === "image/jpeg";
  try {
    const pipeline = image()
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: LOGO.maxWidth, height: LOGO.maxHeight, fit: "inside", withoutEnlargement: true });
    const { data, info } = await (asJpeg ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 })).toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: asJpeg ? "image/jpeg" : "image/png", width: info.width, height: info.height };
  } catch {
    throw refuse("settings:errors.logoUnreadable");
  }
}

import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../errors";
import type { FileContentType } from "./storage";

/**
 * An uploaded image, made safe to serve (company logos, images in rich text): the type is read from
 * the bytes (never the name or the claimed type), only the allowed types pass (SVG and everything
 * else refused), the header's dimensions are checked before anything is decoded (pixel floods), and
 * the image is decoded, fitted into the box and re-encoded by sharp (libvips), without metadata.
 * The original bytes are never stored. See docs/decisions/019-logo-processing-and-fonts.md.
 */
export type ProcessedImage = { bytes: Buffer; contentType: FileContentType; width: number; height: number };

export type ImageRules = {
  maxBytes: number;
  /** Detected types that are accepted: a subset of PNG, JPEG and WebP. */
  types: readonly string[];
  maxWidth: number;
  maxHeight: number;
  maxInputPixels: number;
  /** Translation keys of the refusals (each reaches the `file` field). */
  errors: { tooLarge: string; type: string; unreadable: string; tooManyPixels: string };
  /** The form field the refusals are reported on (default `file`). */
  field?: string;
};

export async function processImage(input: Uint8Array, rules: ImageRules): Promise<ProcessedImage> {
  const field = rules.field ?? "file";
  const refuse = (key: string, params: Record<string, unknown> = {}) => new AppError("BAD_USER_INPUT", key, params, { [field]: { key, params } });
  if (input.byteLength > rules.maxBytes) throw refuse(rules.errors.tooLarge, { size: rules.maxBytes / 1024 / 1024 });
  if (input.byteLength === 0) throw refuse(rules.errors.type);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !rules.types.includes(detected.mime)) throw refuse(rules.errors.type);
  // libvips is loaded on the first image, not at start-up (decision 040).
  const { default: sharp } = await import("sharp");

  // limitInputPixels: sharp refuses to decode anything larger, whatever the header check missed.
  const image = () => sharp(input, { limitInputPixels: rules.maxInputPixels, failOn: "error", animated: false });
  let width: number;
  let height: number;
  try {
    // The header only (nothing decoded), without the pixel limit so that a flood gets its own message.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw refuse(rules.errors.unreadable);
    width = meta.width;
    height = meta.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(rules.errors.unreadable);
  }
  if (width * height > rules.maxInputPixels) throw refuse(rules.errors.tooManyPixels, { max: rules.maxInputPixels / 1_000_000 });

  // JPEG stays JPEG (photos); PNG and WebP become PNG (transparency kept; PDFs cannot embed WebP).
  const asJpeg = detected.mime === "image/jpeg";
  try {
    const pipeline = image()
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: rules.maxWidth, height: rules.maxHeight, fit: "inside", withoutEnlargement: true });
    const { data, info } = await (asJpeg ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, contentType: asJpeg ? "image/jpeg" : "image/png", width: info.width, height: info.height };
  } catch {
    throw refuse(rules.errors.unreadable);
  }
}

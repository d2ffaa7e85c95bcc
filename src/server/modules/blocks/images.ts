import { RICH_TEXT_IMAGE } from "../../../shared/blocks";
import { imageFileArea } from "../../../shared/rich-text";
import { processImage } from "../../files/images";
import { type FileStorage, filePath } from "../../files/storage";

/**
 * An image for rich text (a text block, a pricing block's intro, a template): checked and
 * re-encoded by the one image pipeline (files/images.ts: type from the bytes, PNG/JPEG/WebP only,
 * no SVG, pixel floods refused, fitted into 1600 × 1600, metadata dropped), then stored under the
 * account's own area (`images-<account id hex>/<random>.png|jpg`). The allow-list
 * (shared/rich-text.ts) lets a document of this account show only such a `src`, so an image of
 * another account, a `data:` URL or another site can never be saved into a block.
 */
export type UploadedImage = { src: string; width: number; height: number };

export async function uploadRichTextImage(files: FileStorage, accountId: string, file: File): Promise<UploadedImage> {
  const image = await processImage(new Uint8Array(await file.arrayBuffer()), {
    ...RICH_TEXT_IMAGE,
    errors: {
      tooLarge: "blocks:errors.imageTooLarge",
      type: "blocks:errors.imageType",
      unreadable: "blocks:errors.imageUnreadable",
      tooManyPixels: "blocks:errors.imageTooManyPixels",
    },
  });
  const stored = await files.put({ area: imageFileArea(accountId), contentType: image.contentType, body: image.bytes, maxBytes: RICH_TEXT_IMAGE.maxBytes });
  return { src: filePath(stored.key), width: image.width, height: image.height };
}

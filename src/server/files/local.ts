import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DEFAULT_MAX_FILE_BYTES,
  type FileStorage,
  type ListedFile,
  FileTooLargeError,
  contentTypeOfKey,
  isFileArea,
  isFileKey,
  newFileKey,
  toNodeReadable,
} from "./storage";

/**
 * Files in a folder (DATA_DIR/files by default): `<root>/<area>/<id>.<ext>`. Writes go to a
 * temporary file in the same folder and are renamed into place, so a reader never sees half a
 * file. Only keys matching FILE_KEY ever reach the file system, and the resolved path is checked
 * to stay inside the root.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function pathOf(key: string): string | null {
    if (!isFileKey(key)) return null;
    const full = path.resolve(base, key);
    return full.startsWith(base + path.sep) ? full : null;
  }

  async function statOf(key: string) {
    const full = pathOf(key);
    if (!full) return null;
    try {
      const info = await fsp.stat(full);
      return info.isFile() ? { full, size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  return {
    kind: "local",
    async put({ area, contentType, body, maxBytes = DEFAULT_MAX_FILE_BYTES }) {
      const key = newFileKey(area, contentType);
      const full = pathOf(key)!;
      await fsp.mkdir(path.dirname(full), { recursive: true });
      const temporary = `${full}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          if (size > maxBytes) done(new FileTooLargeError(maxBytes));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(toNodeReadable(body), limit, fs.createWriteStream(temporary, { flags: "wx" }));
        await fsp.rename(temporary, full);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
      return { key, contentType, size };
    },
    async get(key) {
      const found = await statOf(key);
      if (!found) return null;
      const stream = Readable.toWeb(fs.createReadStream(found.full)) as ReadableStream<Uint8Array>;
      return { key, contentType: contentTypeOfKey(key), size: found.size, body: stream };
    },
    async stat(key) {
      const found = await statOf(key);
      return found ? { key, contentType: contentTypeOfKey(key), size: found.size } : null;
    },
    async delete(key) {
      const full = pathOf(key);
      if (full) await fsp.rm(full, { force: true });
    },
    async list(area) {
      if (!isFileArea(area)) return [];
      let names: string[];
      try {
        names = await fsp.readdir(path.join(base, area));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const listed: ListedFile[] = [];
      for (const name of names) {
        const found = await statOf(`${area}/${name}`); // temporary files (*.tmp) are not keys: skipped
        if (found) listed.push({ key: `${area}/${name}`, size: found.size, modifiedAt: found.modifiedAt });
      }
      return listed;
    },
    close() {},
  };
}

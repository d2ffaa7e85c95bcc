import type { TestApp } from "./app";

type GqlResult<T> = { status: number; data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/**
 * A GraphQL multipart request (graphql-multipart-request-spec) as a browser client sends it: the
 * operation with `$file: File!`, the map, and the file part, plus the CSRF header.
 */
export async function uploadFile<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
  file: { bytes: Uint8Array; name: string; type: string },
  headers: Record<string, string> = {},
): Promise<GqlResult<T>> {
  const form = new FormData();
  form.append("operations", JSON.stringify({ query, variables: { file: null } }));
  form.append("map", JSON.stringify({ 0: ["variables.file"] }));
  form.append("0", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const response = await t.fetch("/graphql", { method: "POST", headers: { "x-graphql-csrf": "1", ...headers }, body: form });
  const body = (await response.json()) as Omit<GqlResult<T>, "status">;
  return { status: response.status, ...body };
}

/** CRC-32 (PNG chunks), for building test images by hand. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

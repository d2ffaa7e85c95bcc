import { z } from "zod";
import { PROBLEM_CONTENT_TYPE, ZProblem } from "./problem";
import { REST_ROUTES, type RestRoute } from "./routes";

/**
 * The OpenAPI 3.1 document of the REST API, served at /api/v1/openapi.json, generated from the
 * route table and the same zod schemas that validate the requests (`z.toJSONSchema`, JSON Schema
 * 2020-12, which OpenAPI 3.1 uses as is). Nothing here is written by hand twice.
 */
type JsonSchema = Record<string, unknown>;

/** A schema as OpenAPI embeds it: the input side for requests, the output side for answers. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, id: _id, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: "query" | "path") {
  if (!schema) return [];
  const json = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === "path" || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const problemRef = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } } });

function operation(route: RestRoute) {
  const responses: Record<string, unknown> = {
    [String(route.success.status)]: route.success.schema
      ? { description: route.success.description, content: { "application/json": { schema: jsonSchema(route.success.schema, "output") } } }
      : { description: route.success.description },
    ...(route.body || route.query || route.params ? { 400: problemRef("The request is not valid (field errors in `errors`).") } : {}),
    401: problemRef("No valid API key."),
    403: problemRef(
      route.write ? "The plan lacks the developer API, the key is read-only, or the key's role may not do this." : "The plan lacks the developer API.",
    ),
    ...(route.params || route.body ? { 404: problemRef("Not found in the key's account.") } : {}),
    ...(route.body ? { 413: problemRef("The body is too large."), 415: problemRef("The body is not application/json.") } : {}),
    429: problemRef("The key's cost budget is spent: wait Retry-After seconds."),
  };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.query || route.params ? { parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")] } : {}),
    ...(route.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } } } : {}),
    responses,
  };
}

export function openApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {
    "/openapi.json": {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This document",
        security: [],
        responses: { 200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  };
  for (const route of REST_ROUTES) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Offerly API",
      version: "1",
      description:
        "A small REST API for integration platforms. Authenticate with an API key (Settings → Developers): `Authorization: Bearer ofr_live_…`. Errors are RFC 9457 problem details in the language of Accept-Language (en, nl). The GraphQL API at /graphql accepts the same key.",
    },
    servers: [{ url: `${publicUrl.replace(/\/$/, "")}/api/v1` }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key: ofr_live_ followed by 43 characters." } },
      schemas: { Problem: jsonSchema(ZProblem, "output") },
    },
  };
}

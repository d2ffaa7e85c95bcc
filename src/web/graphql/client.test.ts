import fs from "node:fs";
import { cacheExchange } from "@urql/exchange-graphcache";
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type SelectionSetNode,
  TypeInfo,
  buildSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  parse,
  visit,
  visitWithTypeInfo,
} from "graphql";
import { Client, fetchExchange } from "urql";
import { describe, expect, it } from "vitest";
import { CACHE_KEYS } from "./client";
import * as generated from "./generated/graphql";
import { QuoteSigningDocument, QuoteVersionsDocument } from "./generated/graphql";

const schema = buildSchema(fs.readFileSync("schema.graphql", "utf8"));

describe("graphcache keys", () => {
  it("name only types that exist in the schema", () => {
    const missing = Object.keys(CACHE_KEYS).filter((name) => !schema.getType(name));
    expect(missing).toEqual([]);
  });

  it("every document selects the id of each object it reads that has one (or the type is keyed in CACHE_KEYS)", () => {
    // Graphcache keys an object by its id. An object read without it is stored inside its parent
    // instead, and replaces the keyed list or link other queries of the page read: the quote's
    // version history then came back empty whenever the signing panel's answer (its versions
    // without ids) arrived first (the test below).
    const documents = Object.entries(generated).filter((entry): entry is [string, DocumentNode] => {
      const value = entry[1] as { kind?: unknown } | undefined;
      return typeof value === "object" && value !== null && value.kind === Kind.DOCUMENT;
    });
    expect(documents.length).toBeGreaterThan(100);
    const withoutId: string[] = [];
    for (const [name, document] of documents) {
      const fragments = new Map(
        document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f.selectionSet]),
      );
      const selectsId = (set: SelectionSetNode): boolean =>
        set.selections.some(
          (s) =>
            (s.kind === Kind.FIELD && s.name.value === "id" && !s.alias) ||
            (s.kind === Kind.INLINE_FRAGMENT && selectsId(s.selectionSet)) ||
            (s.kind === Kind.FRAGMENT_SPREAD && fragments.has(s.name.value) && selectsId(fragments.get(s.name.value) as SelectionSetNode)),
        );
      const typeInfo = new TypeInfo(schema);
      visit(
        document,
        visitWithTypeInfo(typeInfo, {
          Field(field) {
            const type = getNamedType(typeInfo.getType());
            if (!field.selectionSet || !type || !(isObjectType(type) || isInterfaceType(type))) return;
            if (!("id" in type.getFields()) || type.name in CACHE_KEYS) return;
            if (!selectsId(field.selectionSet)) withoutId.push(`${name}: ${field.name.value} (${type.name})`);
          },
        }),
      );
    }
    expect(withoutId).toEqual([]);
  });
});

describe("the quote page's queries share its versions in the cache", () => {
  const quoteId = "6f1c2d4e-0000-4000-8000-000000000001";
  const versions = [2, 1].map((number) => ({
    __typename: "QuoteVersion",
    id: `6f1c2d4e-0000-4000-8000-00000000010${number}`,
    number,
    publishedAt: `2026-11-2${number}T10:00:00.000Z`,
    publishedByName: "Olga Owner",
    publishedByEmail: "olga@example.test",
    quoteSignatures: [],
  }));
  const answers: Record<string, unknown> = {
    QuoteVersions: { quote: { __typename: "Quote", id: quoteId, quoteVersions: versions } },
    QuoteSigning: {
      quote: {
        __typename: "Quote",
        id: quoteId,
        status: "PUBLISHED",
        url: "https://offerly.test/quote/studio-noord/abc",
        lifecycle: { __typename: "QuoteLifecycle", state: "PUBLISHED", actions: [] },
        quoteSignatures: [],
        quoteVersions: versions.map(({ id, number }) => ({ __typename: "QuoteVersion", id, number })),
        payment: null,
      },
      templateSignatures: { __typename: "TemplateSignaturePage", items: [] },
      me: { __typename: "User", id: "6f1c2d4e-0000-4000-8000-000000000009", name: "Olga Owner" },
    },
  };

  /** What a server answers: the fields the query selects (and __typename, which urql adds), no more. */
  function selected(data: unknown, document: DocumentNode): unknown {
    const fragments = new Map(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f.selectionSet]),
    );
    const pick = (value: unknown, set: SelectionSetNode): unknown => {
      if (Array.isArray(value)) return value.map((item) => pick(item, set));
      if (value === null || typeof value !== "object") return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) out[s.name.value] = s.selectionSet ? pick(source[s.name.value], s.selectionSet) : source[s.name.value];
        else Object.assign(out, pick(source, s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : (fragments.get(s.name.value) as SelectionSetNode)));
      }
      return out;
    };
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    return operation && "selectionSet" in operation ? pick(data, operation.selectionSet) : null;
  }

  /** The page's two queries answered in `order`, as the server's answers may arrive on a loaded machine. */
  async function historyAfter(order: string[]) {
    const waiting: { name: string; answer: () => void }[] = [];
    const client = new Client({
      url: "https://offerly.test/graphql",
      preferGetMethod: false,
      exchanges: [cacheExchange({ keys: CACHE_KEYS }), fetchExchange],
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { query: string };
        const name = /query (\w+)/.exec(body.query)?.[1] ?? "";
        await new Promise<void>((answer) => waiting.push({ name, answer }));
        return new Response(JSON.stringify({ data: selected(answers[name], parse(body.query)) }), { headers: { "content-type": "application/json" } });
      },
    });
    const history: { versions: number | null; error?: string }[] = [];
    const first = client.query(QuoteVersionsDocument, { id: quoteId }, { requestPolicy: "cache-and-network" }).subscribe((result) => {
      history.push({ versions: result.data?.quote.quoteVersions.length ?? null, error: result.error?.message });
    });
    const second = client.query(QuoteSigningDocument, { id: quoteId }, { requestPolicy: "cache-and-network" }).subscribe(() => undefined);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    await settle();
    for (const name of order) {
      const index = waiting.findIndex((w) => w.name === name);
      expect(index, `${name} was asked for`).toBeGreaterThanOrEqual(0);
      waiting.splice(index, 1)[0].answer();
      await settle();
    }
    // Whatever the cache asks again is answered too.
    for (let round = 0; round < 10 && waiting.length > 0; round++) {
      (waiting.shift() as { answer: () => void }).answer();
      await settle();
    }
    first.unsubscribe();
    second.unsubscribe();
    return history;
  }

  for (const order of [
    ["QuoteVersions", "QuoteSigning"],
    ["QuoteSigning", "QuoteVersions"],
  ]) {
    it(`the version history holds both versions when ${order.join(" answers before ")}`, async () => {
      const history = await historyAfter(order);
      expect(history.at(-1)).toEqual({ versions: 2, error: undefined });
    });
  }
});

import fs from "node:fs";
import path from "node:path";
import { transformAsync } from "@babel/core";
import { babelOptimizerPlugin } from "@graphql-codegen/client-preset";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const GENERATED = "src/web/graphql/generated";

/** Where a document's module is found: one small module per document, `virtual:offerly-graphql/QuotesDocument`. */
const DOCUMENT_MODULE = "virtual:offerly-graphql/";

/** graphql.ts's documents by export name (each is one line: `export const XDocument = {…AST…} as unknown as DocumentNode<…>;`). */
function generatedDocuments(file: string): Map<string, string> {
  const documents = new Map<string, string>();
  for (const match of fs.readFileSync(file, "utf8").matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) {
    JSON.parse(match[2]); // self-contained AST (fragments inlined); throws if codegen ever writes otherwise
    documents.set(match[1], match[2]);
  }
  return documents;
}

/**
 * The client preset's optimizer (decision 074). Each `graphql(`…`)` call in src/web becomes an
 * import of that one document (`graphql(`query Quotes …`)` → `QuotesDocument`), as the preset's
 * babel plugin rewrites it, and that import is served by a module of its own holding only that
 * document's AST: graphql.ts is one module, and a bundler puts a module in one chunk, so importing
 * from it would still give every page one chunk of all the documents that any page uses. Now a
 * route's chunk carries its own documents, instead of gql.ts's map of all 136 (271 KB on every app
 * page). The ASTs are graphql.ts's own: the server receives the same query text as before.
 */
function graphqlDocumentImports(): Plugin {
  const web = path.resolve("src/web");
  const generated = path.resolve(GENERATED);
  const graphqlFile = path.join(generated, "graphql.ts");
  let documents: Map<string, string> | null = null;
  return {
    name: "offerly:graphql-document-imports",
    enforce: "pre",
    buildStart() {
      documents = null;
    },
    // `npm run dev`: codegen rewrote graphql.ts; read it again (its modules are invalidated by addWatchFile).
    watchChange(id) {
      if (path.resolve(id) === graphqlFile) documents = null;
    },
    async transform(code, id) {
      const file = id.split("?")[0];
      if (!/\.tsx?$/.test(file) || !file.startsWith(web + path.sep) || file.startsWith(generated + path.sep) || !code.includes("graphql(")) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: [[babelOptimizerPlugin, { artifactDirectory: generated, gqlTagName: "graphql" }]],
      });
      if (!result?.code) return null;
      const generatedPath = (source: string) => path.resolve(path.dirname(file), source);
      const out = result.code
        // The map's `graphql` import is now unused: dropped, so that gql.ts is not loaded at all.
        .replace(/^import \{ graphql \} from "(\.[^"]*)";\n/gm, (line, source) =>
          [generated, path.join(generated, "index"), path.join(generated, "gql")].includes(generatedPath(source)) ? "" : line,
        )
        .replace(/^import \{ (\w+) \} from "(\.[^"]*)";$/gm, (line, name, source) =>
          generatedPath(source) === path.join(generated, "graphql") ? `import { ${name} } from "${DOCUMENT_MODULE}${name}";` : line,
        );
      if (/\bgraphql\(/.test(out.replace(/\/\/.*$/gm, "")))
        this.error(`${file}: a graphql() call the optimizer did not rewrite (a plain template literal is needed)`);
      return { code: out, map: result.map };
    },
    resolveId(source) {
      return source.startsWith(DOCUMENT_MODULE) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${DOCUMENT_MODULE}`)) return null;
      const name = id.slice(DOCUMENT_MODULE.length + 1);
      documents ??= generatedDocuments(graphqlFile);
      const ast = documents.get(name);
      if (!ast) throw new Error(`${name} is not in ${GENERATED}/graphql.ts: run \`npm run codegen\``);
      this.addWatchFile(graphqlFile);
      return `export const ${name} = ${ast};\n`;
    },
  };
}

export default defineConfig({
  plugins: [graphqlDocumentImports(), tailwindcss(), reactRouter()],
  build: { target: "es2022" },
  server: { hmr: { port: 24678 } },
});

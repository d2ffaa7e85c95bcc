import { ZTemplateSignatureInput } from "../../../shared/blocks";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { BlockKindEnum, SignatureKindEnum } from "../../graphql/enums";
import { pageArgs, pageType, parsePage } from "../../graphql/pagination";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { ZSearch } from "../../../shared/customers";
import { PricingBlockInput, TextBlockInput, defineBlockTypes, parsePricingBlock, parseTextBlock, registerSaveAsTemplate } from "../blocks/blocks.graphql";
import {
  type TemplateBlockRow,
  createTemplateBlock,
  deleteTemplateBlock,
  duplicateTemplateBlock,
  findTemplateBlockPage,
  getTemplateBlock,
  updateTemplateBlock,
} from "../blocks/blocks.service";
import {
  type TemplateSignatureRow,
  createTemplateSignature,
  deleteTemplateSignature,
  findTemplateSignatures,
  getTemplateSignature,
  signatureValue,
  updateTemplateSignature,
} from "./templates.service";

// --- Template blocks: the block types of modules/blocks, owned by the account -------------------

const {
  InterfaceRef: TemplateBlockRef,
  TextRef: TextTemplateBlockRef,
  PricingRef: PricingTemplateBlockRef,
} = defineBlockTypes<TemplateBlockRow>(
  {
    interfaceName: "TemplateBlock",
    text: "TextTemplateBlock",
    pricing: "PricingTemplateBlock",
    lineItem: "TemplateLineItem",
    linesField: "templateLineItems",
    description: "A reusable block of the account (text template or pricing template).",
  },
  (t) => ({
    createdAt: t.field({ type: "DateTime", resolve: (b) => b.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (b) => b.updatedAt }),
  }),
);
registerSaveAsTemplate(TemplateBlockRef);

const TemplateBlockPageRef = pageType<TemplateBlockRow>("TemplateBlock", TemplateBlockRef);

builder.queryField("templateBlock", (t) =>
  t.field({
    type: TemplateBlockRef,
    description: "One template block of the selected account.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

builder.queryField("templateBlocks", (t) =>
  t.field({
    type: TemplateBlockPageRef,
    description: "The account's template blocks, most recently changed first; by kind, searched by name.",
    authScopes: { accountRole: "member" },
    extensions: cost.page,
    args: { ...pageArgs, kind: t.arg({ type: BlockKindEnum }), search: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const page = parsePage(args);
      const search = parseInput(ZSearch, args.search);
      const { items, total } = await findTemplateBlockPage(ctx.db, accountId, { kind: args.kind ?? null, search, ...page });
      return { items, totalCount: total, page: page.page, pageSize: page.pageSize };
    },
  }),
);

builder.mutationField("createTextTemplateBlock", (t) =>
  t.field({
    type: TextTemplateBlockRef,
    description: "A new text template.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: TextBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, parseTextBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("updateTextTemplateBlock", (t) =>
  t.field({
    type: TextTemplateBlockRef,
    description: "Edits a text template.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TextBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      updateTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id), parseTextBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("createPricingTemplateBlock", (t) =>
  t.field({
    type: PricingTemplateBlockRef,
    description: "A new pricing template with its lines.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: PricingBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, parsePricingBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("updatePricingTemplateBlock", (t) =>
  t.field({
    type: PricingTemplateBlockRef,
    description: "Edits a pricing template; its whole line list is replaced in one transaction.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PricingBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      updateTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id), parsePricingBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("deleteTemplateBlock", (t) =>
  t.id({
    description: "Deletes a template block (quotes made from it keep their copies) and returns its id.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id));
      return String(args.id);
    },
  }),
);

builder.mutationField("duplicateTemplateBlock", (t) =>
  t.field({
    type: TemplateBlockRef,
    description: "A copy of a template block.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => duplicateTemplateBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

// --- Signature templates ---------------------------------------------------------------------------

const TemplateSignatureRef = builder.objectRef<TemplateSignatureRow>("TemplateSignature").implement({
  description: "A signature the account's users can sign with: drawn (a PNG) or typed.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    kind: t.field({ type: SignatureKindEnum, resolve: (s) => s.kind }),
    signature: t.string({ description: "The typed text, or for DRAWN the URL of the stored PNG (/files/…).", resolve: (s) => signatureValue(s) }),
    isDefault: t.exposeBoolean("isDefault", { description: "The account's default (at most one)." }),
    createdAt: t.field({ type: "DateTime", resolve: (s) => s.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (s) => s.updatedAt }),
  }),
});
const TemplateSignaturePageRef = pageType<TemplateSignatureRow>("TemplateSignature", TemplateSignatureRef);

const TemplateSignatureInput = builder.inputType("TemplateSignatureInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "1–100 characters." }),
    kind: t.string({ required: true, description: "DRAWN or TYPED." }),
    signature: t.string({
      required: true,
      description:
        "TYPED: the text (≤ 100 characters). DRAWN: a data:image/png;base64 URL (≤ 200 KB), or on update the current /files/ URL to keep the drawing.",
    }),
    isDefault: t.boolean({ required: false, description: "Make it the account's default (the previous default stops being one)." }),
  }),
});

builder.queryField("templateSignature", (t) =>
  t.field({
    type: TemplateSignatureRef,
    description: "One signature template of the selected account.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getTemplateSignature(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

builder.queryField("templateSignatures", (t) =>
  t.field({
    type: TemplateSignaturePageRef,
    description: "The account's signature templates, the default first.",
    authScopes: { accountRole: "member" },
    extensions: cost.page,
    args: { ...pageArgs },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const page = parsePage(args);
      const { items, total } = await findTemplateSignatures(ctx.db, accountId, page);
      return { items, totalCount: total, page: page.page, pageSize: page.pageSize };
    },
  }),
);

builder.mutationField("createTemplateSignature", (t) =>
  t.field({
    type: TemplateSignatureRef,
    description: "A new signature template (a drawn PNG is stored through the files adapter).",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: TemplateSignatureInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createTemplateSignature(ctx.db, ctx.files, requireAccountScope(ctx).accountId, parseInput(ZTemplateSignatureInput, args.input)),
  }),
);

builder.mutationField("updateTemplateSignature", (t) =>
  t.field({
    type: TemplateSignatureRef,
    description: "Edits a signature template.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TemplateSignatureInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateTemplateSignature(ctx.db, ctx.files, accountId, String(args.id), parseInput(ZTemplateSignatureInput, args.input));
    },
  }),
);

builder.mutationField("deleteTemplateSignature", (t) =>
  t.id({
    description: "Deletes a signature template (and its drawing) and returns its id.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteTemplateSignature(ctx.db, ctx.files, requireAccountScope(ctx).accountId, String(args.id));
      return String(args.id);
    },
  }),
);

import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import { type GraphQLField, type GraphQLFieldResolver, type GraphQLInputType, getNamedType, isInputObjectType, isListType, isNonNullType } from "graphql";
import { isUuid } from "../db/ids";
import { notFound } from "../errors";

/**
 * Every id of the API is a UUID. An `ID` argument (or an `ID` field of an input object, at any
 * depth, in lists too) that is not one cannot name anything: the operation answers NOT_FOUND,
 * as for an id that names nothing — never a query error from a uuid column (INTERNAL_SERVER_ERROR
 * and an error-level "Failed query" log). Checked here once for every field with arguments,
 * inside the auth check (a signed-out caller still gets UNAUTHENTICATED first).
 *
 * A field that takes foreign ids on purpose and drops them itself (a beacon, a list filter)
 * declares `extensions: { nonUuidIds: "ignored" }`.
 */
declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      uuidIds: UuidIdsPlugin<Types>;
    }
  }
}

/** Whether any ID in `value` (of GraphQL input type `type`) is not a UUID. */
function hasForeignId(type: GraphQLInputType, value: unknown, depth = 0): boolean {
  if (value === null || value === undefined || depth > 64) return false;
  if (isNonNullType(type)) return hasForeignId(type.ofType, value, depth);
  if (isListType(type))
    return Array.isArray(value) ? value.some((item) => hasForeignId(type.ofType, item, depth + 1)) : hasForeignId(type.ofType, value, depth + 1);
  const named = getNamedType(type);
  if (named.name === "ID") return typeof value !== "string" || !isUuid(value);
  if (isInputObjectType(named) && typeof value === "object") {
    const fields = named.getFields();
    return Object.entries(value as Record<string, unknown>).some(([name, v]) => fields[name] !== undefined && hasForeignId(fields[name].type, v, depth + 1));
  }
  return false;
}

/** Whether a type can hold an ID anywhere inside it (to wrap only the fields that need it). */
function canHoldId(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === "ID") return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => canHoldId(field.type, seen));
}

export function foreignIdIn(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): boolean {
  return field.args.some((arg) => hasForeignId(arg.type, args[arg.name]));
}

export class UuidIdsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (Object.keys(fieldConfig.args).length === 0 || (fieldConfig.extensions as { nonUuidIds?: string } | undefined)?.nonUuidIds === "ignored")
      return resolver;
    const holding = new WeakMap<object, boolean>();
    return (parent, args, context, info) => {
      const field = info.parentType.getFields()[info.fieldName];
      let holds = holding.get(field);
      if (holds === undefined) {
        holds = field.args.some((arg) => canHoldId(arg.type));
        holding.set(field, holds);
      }
      if (holds && foreignIdIn(field, args as Record<string, unknown>)) throw notFound();
      return resolver(parent, args, context, info);
    };
  }
}

SchemaBuilder.registerPlugin("uuidIds", UuidIdsPlugin);

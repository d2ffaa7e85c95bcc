import { type FragmentDefinitionNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";

/**
 * The fields a request selects under a field, by name, with their own sub-selections (fragments
 * expanded, the selections of one name merged). A superset of what the executor will resolve:
 * `@skip`/`@include` and the type conditions of fragments are ignored (a field that might be asked
 * counts as asked). Lists use it to read only the columns asked for (decision 084).
 */
export type Selection = Map<string, Selection>;

function collect(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, into: Selection, seen: Set<string>): void {
  if (!set) return;
  for (const node of set.selections) {
    if (node.kind === Kind.FIELD) {
      const name = node.name.value;
      let sub = into.get(name);
      if (!sub) {
        sub = new Map();
        into.set(name, sub);
      }
      collect(node.selectionSet, fragments, sub, seen);
    } else if (node.kind === Kind.INLINE_FRAGMENT) {
      collect(node.selectionSet, fragments, into, seen);
    } else {
      const name = node.name.value;
      // A fragment spread twice in one set adds nothing; a cycle is refused by validation already.
      if (seen.has(name)) continue;
      const fragment = fragments[name];
      if (fragment) collect(fragment.selectionSet, fragments, into, new Set([...seen, name]));
    }
  }
}

/** What the current field's result is asked for (all the field's nodes, merged), then down `path` (e.g. ["items"]). */
export function selectionOf(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">, path: string[] = []): Selection {
  let selection: Selection = new Map();
  for (const node of info.fieldNodes) collect(node.selectionSet, info.fragments, selection, new Set());
  for (const name of path) selection = selection.get(name) ?? new Map();
  return selection;
}

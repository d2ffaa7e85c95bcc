import type { Plugin } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import type { GraphQLContext } from "./context";
import { type ExecutionPlugins, checkExecutionHooks } from "./prepared-execution";

/** A plugin set shaped as Yoga's instance holds it: the engine first, ours, Yoga's parameter check and masking. */
function pluginSet() {
  const hook = () => undefined;
  const ours: ExecutionPlugins = {
    inputDepth: { onParams: hook },
    apiKeys: { onExecute: hook },
    queryCost: { onExecute: hook },
    publicErrors: { onExecute: hook },
    compiled: { onExecute: hook },
  };
  const engine: Plugin<GraphQLContext> = { onParse: hook, onValidate: hook, onExecute: hook, onSubscribe: hook };
  const paramsCheck: Plugin<GraphQLContext> = { onParams: hook };
  const masking: Plugin<GraphQLContext> = { onPluginInit: hook, onExecute: hook, onSubscribe: hook };
  const armor: Plugin<GraphQLContext> = { onValidate: hook };
  const all = [engine, false as const, ours.inputDepth, armor, ours.apiKeys, ours.queryCost, ours.publicErrors, ours.compiled, paramsCheck, masking];
  return { all, ours, masked: { errorMessage: "Something went wrong", maskError: (e: unknown) => e } };
}

describe("the prepared path knows every per-request hook of the plugin set (decision 093)", () => {
  it("accepts the set it was written for", () => {
    const { all, ours, masked } = pluginSet();
    expect(() => checkExecutionHooks(all, ours, masked)).not.toThrow();
  });

  it("refuses to start when a plugin adds an execution hook it would skip", () => {
    const { all, ours, masked } = pluginSet();
    all.splice(5, 0, { onExecute: () => undefined });
    expect(() => checkExecutionHooks(all, ours, masked)).toThrow(/onExecute: 7 hooks/);
  });

  it("refuses a parameter hook, a result hook, a context hook or instrumentation it does not run", () => {
    for (const extra of [
      { onParams: () => undefined },
      { onExecutionResult: () => undefined },
      { onContextBuilding: () => undefined },
      { instrumentation: { operation: () => undefined } },
    ]) {
      const { all, ours, masked } = pluginSet();
      all.push(extra as Plugin<GraphQLContext>);
      expect(() => checkExecutionHooks(all, ours, masked)).toThrow(/does not know the plugin set's hooks/);
    }
  });

  it("refuses our hooks in another order than it applies them", () => {
    const { all, ours, masked } = pluginSet();
    [all[4], all[5]] = [all[5], all[4]];
    expect(() => checkExecutionHooks(all, ours, masked)).toThrow(/onExecute/);
  });

  it("refuses a set without Yoga's masking when the handler masks errors", () => {
    const { all, ours, masked } = pluginSet();
    all.pop();
    expect(() => checkExecutionHooks(all, ours, masked)).toThrow(/onExecute: 5 hooks/);
  });
});

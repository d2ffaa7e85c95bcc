// Types of ci-plan.mjs (read by vitest.config.ts and tests/unit/ci-plan.test.ts).
export declare const onceOnly: string[];
export declare const otherNode: Record<string, string[]>;

// Every table, by domain. drizzle-kit reads this file to generate migrations.
export * from "./identity";
export * from "./system";
export * from "./customers";
export * from "./quotes";
export * from "./marketing";
export * from "./jobs";
export * from "./billing";
export * from "./templates";
export * from "./team";
export * from "./pdf";
export * from "./signing";
export * from "./statistics";
export * from "./conversation";
export * from "./versions";

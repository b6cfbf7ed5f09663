export * from "./auth";
export * from "./system";
export * from "./content";
export * from "./channels";

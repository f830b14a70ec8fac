export * from "./rules.ts";
export * from "./guessable-words.ts";

// types for tests/unit/layer-lint.test.ts, which checks the allow-lists against the code
import type { ESLint } from "eslint";

export interface Layer {
  folders: string[];
  packages: string[];
  builtins?: boolean;
  message: string;
}
export const layers: Record<"domain" | "contracts" | "web" | "server", Layer>;
/** package.json's "imports": alias pattern → target */
export const aliases: Record<string, string>;
export const deepRelativeMessage: string;
export function matches(patterns: string[], specifier: string): boolean;
export function refusal(file: string, specifier: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;

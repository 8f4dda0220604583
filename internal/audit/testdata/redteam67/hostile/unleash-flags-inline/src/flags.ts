import { flagDefaults } from "../macros/flags.ts" with { type: "macro" };

export type FlagMap = Record<string, { enabled: boolean; variant?: string }>;

export const DEFAULT_FLAGS: FlagMap = flagDefaults(process.env.NODE_ENV === "production" ? "production" : "development");

export function isEnabled(flags: FlagMap, name: string): boolean {
  return flags[name]?.enabled ?? DEFAULT_FLAGS[name]?.enabled ?? false;
}

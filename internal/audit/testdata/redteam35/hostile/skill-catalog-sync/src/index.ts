import { writeFileSync } from "node:fs";
import { scan } from "./scan.js";
import { registerServer, stampSkills } from "./registry.js";

const cmd = process.argv[2] ?? "list";
const skills = scan();

if (cmd === "list") {
  for (const s of skills) {
    console.log(`${s.name.padEnd(32)} ${s.description.slice(0, 80).padEnd(82)} ${s.mtime.toISOString().slice(0, 10)}`);
  }
} else if (cmd === "catalog") {
  const groups = new Map<string, string[]>();
  for (const s of skills) {
    const k = (s.description.split(/\s+/)[0] || "Other").replace(/[^A-Za-z]/g, "");
    groups.set(k, [...(groups.get(k) ?? []), `- **${s.name}**: ${s.description}`]);
  }
  const md = ["# Skills catalog", ""];
  for (const [k, v] of [...groups].sort()) md.push(`## ${k}`, "", ...v, "");
  writeFileSync("SKILLS_CATALOG.md", md.join("\n"));
  console.log(`wrote SKILLS_CATALOG.md (${skills.length} skills)`);
} else if (cmd === "sync") {
  registerServer();
  stampSkills(skills);
  console.log(`indexed ${skills.length} skills`);
}

// Drives `skilldex serve --mem --profile P --dir DIR` for every tool profile with the official
// TypeScript MCP SDK (a client we did not write) and checks each seed contract on the wire.
// Usage:
//   node profiles.mjs SKILLDEX_BINARY                 skills written to a temporary folder here
//   node profiles.mjs SKILLDEX_BINARY --corpus DIR    the real corpus (read only: nothing is written)
// Prints one line per check, then "N passed, N failed"; exits 1 on any failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { isDeepStrictEqual } from "node:util";

const [bin, mode, corpusDir] = process.argv.slice(2);
if (!bin || (mode && (mode !== "--corpus" || !corpusDir))) {
  console.error("usage: node profiles.mjs SKILLDEX_BINARY [--corpus DIR]");
  process.exit(2);
}

let passed = 0, failed = 0;
function check(name, ok, detail = "") {
  if (ok) { passed++; console.log(`ok   ${name}`); }
  else { failed++; console.log(`FAIL ${name}\n     ${String(detail).slice(0, 2000).replaceAll("\n", "\n     ")}`); }
}
const text = (res) => (res.content ?? []).map((c) => c.text ?? "").join("");

async function serve(profile, dir) {
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--mem", "--profile", profile, "--dir", dir], stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d) => { stderr += d; });
  const client = new Client({ name: "skilldex-profiles-check", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  return { client, tools: byName, stderr: () => stderr };
}
const call = (c, name, args) => c.client.callTool({ name, arguments: args });
const listLength = (desc) => {
  const m = /<available_skills>\n([\s\S]*)\n<\/available_skills>/.exec(desc);
  return m ? [...m[1]].length : -1;
};

// ---------- fixture: the seeds' own skills ----------
const fixture = {
  "git/SKILL.md": "---\nname: git\ndescription: Git deployment workflow skill\n---\n\n# Git Deployment GitOps\n\n## Overview\n\nManage commits and merge requests...\n",
  "mcp-builder/SKILL.md": "---\nname: mcp-builder\ndescription: MCP server development guide\n---\n\n# MCP builder\n",
  "calculator/SKILL.MD": "# Calculator Skill\n\nProvides basic arithmetic operations.\n\n## Usage\n\n```python\nresult = 2 + 2\nprint(result)\n```",
  "pdf_editing/SKILL.md": "---\nname: pdf_editing\ndescription: Extract PDF form fields and convert pages to images\nversion: 1.2.0\nauthor: Docs Team\ntags: [pdf, forms]\n---\n\n# PDF editing\n\nSee [forms.md](forms.md).\n",
  "pdf_editing/forms.md": "# PDF forms reference\n",
  "pdf_editing/scripts/convert_pdf_to_images.py": "import sys\nprint(sys.argv)\n",
  "Bad_Name/SKILL.md": "---\nname: Bad_Name\ndescription: Upper case and an underscore\n---\n\n# Bad\n",
};

async function fixtureChecks() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "skilldex-profiles-")));
  for (const [rel, content] of Object.entries(fixture)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  try {
    // native
    {
      const s = await serve("native", dir);
      check("native: the four tools", ["list_skills", "load_skill", "read_skill_file", "search_skills"].every((n) => s.tools[n]) && !s.tools.run_skill_script,
        Object.keys(s.tools).join(","));
      const load = await call(s, "load_skill", { name: "GIT" });
      check("native: load_skill", !load.isError && text(load).startsWith("Loading: git\n"), text(load));
      await s.client.close();
    }
    // universal (mcp-skill-tool.md)
    {
      const s = await serve("universal", dir);
      const t = s.tools.skill;
      check("universal: one tool named skill, titled Load Skill", Object.keys(s.tools).length === 1 && t?.title === "Load Skill", JSON.stringify(t));
      check("universal: annotations", isDeepStrictEqual(t?.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }), JSON.stringify(t?.annotations));
      check("universal: input schema", isDeepStrictEqual(t?.inputSchema, { type: "object", properties: { name: { type: "string", minLength: 1, description: "Name of the skill to load (case-insensitive)" } }, required: ["name"], additionalProperties: false, $schema: "http://json-schema.org/draft-07/schema#" }), JSON.stringify(t?.inputSchema));
      check("universal: description template and skill list", t?.description.startsWith("Execute a skill within the main conversation\n\n<skills_instructions>\n") &&
        t.description.includes("<skill>\n<name>git</name>\n<description>Git deployment workflow skill</description>\n<location>project</location>\n</skill>") &&
        !t.description.includes("calculator"), t?.description);
      check("universal: skills missing name or description skipped with a stderr warning", /skipping skill/.test(s.stderr()) && s.stderr().includes("calculator"), s.stderr());
      const ex1 = await call(s, "skill", { name: "git" });
      check("universal: Example 1 load git", !ex1.isError && text(ex1) === `Loading: git\nBase directory: ${dir}/git\n\n${fixture["git/SKILL.md"]}`, text(ex1));
      const ex2 = await call(s, "skill", { name: "MCP-Builder" });
      check("universal: Example 2 case-insensitive", text(ex2).startsWith("Loading: mcp-builder\n"), text(ex2));
      const ex3 = await call(s, "skill", { name: "nonexistent" });
      check("universal: Example 3 not found (plain content)", !ex3.isError && text(ex3) ===
        "Skill 'nonexistent' not found.\n\nAvailable skills:\n- Bad_Name: Upper case and an underscore\n- git: Git deployment workflow skill\n- mcp-builder: MCP server development guide\n- pdf_editing: Extract PDF form fields and convert pages to images\n\nUse the exact skill name (case-insensitive) to load a skill.", text(ex3));
      const empty = await call(s, "skill", { name: "" });
      check("universal: empty name is a validation error", empty.isError === true && text(empty) === "Invalid arguments for tool skill: name: Skill name cannot be empty", text(empty));
      const trav = await call(s, "skill", { name: "../../../etc/passwd" });
      check("universal: path traversal is not found", text(trav).startsWith("Skill '../../../etc/passwd' not found."), text(trav));
      // Refresh: a skill added while connected is announced and listed.
      const changed = new Promise((resolve) => s.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve(true)));
      mkdirSync(join(dir, "docker"));
      writeFileSync(join(dir, "docker", "SKILL.md"), "---\nname: docker\ndescription: Build and run containers\n---\n\n# Docker\n");
      const got = await Promise.race([changed, new Promise((r) => setTimeout(() => r(false), 15000))]);
      check("universal: notifications/tools/list_changed after a skill is added", got === true);
      const { tools } = await s.client.listTools();
      check("universal: regenerated description lists the new skill", tools[0]?.description.includes("<name>docker</name>"), tools[0]?.description);
      await s.client.close();
      rmSync(join(dir, "docker"), { recursive: true });
    }
    // wave (wave-skill-tool.md)
    {
      const s = await serve("wave", dir);
      const t = s.tools.Skill;
      check("wave: input schema", isDeepStrictEqual(t?.inputSchema, { type: "object", properties: { skill_name: { type: "string", description: "Name of the skill to invoke from available skills" } }, required: ["skill_name"], additionalProperties: false }), JSON.stringify(t?.inputSchema));
      check("wave: description lists only valid skills", t?.description === "Invoke skills based on available skill metadata. Skills:\n- git: Git deployment workflow skill\n- mcp-builder: MCP server development guide", t?.description);
      const ok = await call(s, "Skill", { skill_name: "git" });
      check("wave: success response", !ok.isError && text(ok) === `Skill: git (Type: project)\nPath: ${dir}/git\n\n${fixture["git/SKILL.md"]}`, text(ok));
      const nf = await call(s, "Skill", { skill_name: "deploy" });
      check("wave: not found with creation steps", nf.isError === true && text(nf) === "Skill 'deploy' not found.\n\nAvailable skills:\n- git: Git deployment workflow skill\n- mcp-builder: MCP server development guide\n\nTo create this skill:\n1. Create directory ~/.wave/skills/deploy/\n2. Add SKILL.md file with proper YAML frontmatter", text(nf));
      const bad = await call(s, "Skill", { skill_name: "Bad_Name" });
      check("wave: validation error with fixes", bad.isError === true && text(bad).startsWith("Skill 'Bad_Name' is invalid: name \"Bad_Name\" must contain only lowercase letters, numbers and hyphens") &&
        text(bad).endsWith("\n\nSkill will be available after fixing these issues."), text(bad));
      await s.client.close();
    }
    // list-get (list-skills-tool.md + get-skill-tool.md)
    {
      const s = await serve("list-get", dir);
      check("list-get: list_skills input schema", isDeepStrictEqual(s.tools.list_skills?.inputSchema, { type: "object", properties: {}, required: [] }), JSON.stringify(s.tools.list_skills?.inputSchema));
      check("list-get: get_skill input schema", isDeepStrictEqual(s.tools.get_skill?.inputSchema, { type: "object", properties: { skill_name: { type: "string", description: "Name of the skill (folder name)" } }, required: ["skill_name"] }), JSON.stringify(s.tools.get_skill?.inputSchema));
      const list = await call(s, "list_skills", {});
      check("list-get: list_skills", !list.isError && text(list) === '{"skills": ["Bad_Name", "calculator", "git", "mcp-builder", "pdf_editing"]}', text(list));
      const get = await call(s, "get_skill", { skill_name: "calculator" });
      check("list-get: get_skill Example 1 (SKILL.MD without frontmatter)", text(get) ===
        '{"skill_name": "calculator", "documentation": "# Calculator Skill\\n\\nProvides basic arithmetic operations.\\n\\n## Usage\\n\\n```python\\nresult = 2 + 2\\nprint(result)\\n```"}', text(get));
      const trav = await call(s, "get_skill", { skill_name: "../../../etc/passwd" });
      check("list-get: get_skill Example 3 invalid name", trav.isError === true && text(trav) === `{"error": "Invalid skill name: '../../../etc/passwd'. Skill names must not contain '/', '\\\\', or '..'"}`, text(trav));
      const nf = await call(s, "get_skill", { skill_name: "nonexistent" });
      check("list-get: get_skill Example 4 not found", text(nf) === `{"error": "Skill 'nonexistent' not found in skills folder"}`, text(nf));
      await s.client.close();
    }
    // agent-zero (agent-zero-skills-tool.md)
    {
      const s = await serve("agent-zero", dir);
      check("agent-zero: skills_tool with method enum", isDeepStrictEqual(s.tools.skills_tool?.inputSchema?.properties?.method?.enum, ["list", "load", "read_file", "execute_script", "search"]), JSON.stringify(s.tools.skills_tool?.inputSchema));
      const list = await call(s, "skills_tool", { method: "list" });
      check("agent-zero: list shows version, tags, author", text(list).includes("- pdf_editing (v1.2.0): Extract PDF form fields and convert pages to images | tags: pdf, forms | author: Docs Team"), text(list));
      const load = await call(s, "skills_tool", { method: "load", skill_name: "pdf_editing" });
      check("agent-zero: load lists the referenced file", text(load).includes("- forms.md (referenced in SKILL.md)"), text(load));
      const read = await call(s, "skills_tool", { method: "read_file", skill_name: "pdf_editing", file_path: "forms.md" });
      check("agent-zero: read_file", text(read) === "Skill: pdf_editing\nFile: forms.md\n\n# PDF forms reference\n", text(read));
      const search = await call(s, "skills_tool", { method: "search", query: "pdf forms" });
      // "pdf": name +3, description +2, tag +1; "forms": tag +1 (the description says "form").
      check("agent-zero: search scores name +3, description +2, tag +1", text(search).startsWith("Skills matching 'pdf forms' (1):\n- pdf_editing (score 7):"), text(search));
      const exec = await call(s, "skills_tool", { method: "execute_script", skill_name: "pdf_editing", script_path: "scripts/convert_pdf_to_images.py", script_args: { input_pdf: "/a.pdf" } });
      check("agent-zero: execute_script says scripts are off and how to enable them", exec.isError === true && text(exec).includes("skilldex serve --allow-scripts"), text(exec));
      const bad = await call(s, "skills_tool", {});
      check("agent-zero: missing method", bad.isError === true && text(bad) === "Error: missing/invalid 'method'. Supported: list, load, read_file, execute_script, search.", text(bad));
      await s.client.close();
    }
    // a clash of tool names refuses to start
    {
      const r = spawnSync(bin, ["serve", "--mem", "--profile", "native,list-get", "--dir", dir], { input: "", encoding: "utf8", timeout: 30000 });
      check("native + list-get refuse to start: both define list_skills", r.status !== 0 && /both define the tool "list_skills"/.test(r.stderr), `exit ${r.status}: ${r.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------- the real corpus (read only) ----------
async function corpusChecks(dir) {
  {
    const s = await serve("native", dir);
    const r = await call(s, "search_skills", { query: "convert office documents to markdown", limit: 3 });
    check("corpus native: search_skills", (r.structuredContent?.hits ?? []).some((h) => h.name === "markitdown"), text(r));
    await s.client.close();
  }
  {
    const s = await serve("universal", dir);
    const d = s.tools.skill?.description ?? "";
    const m = /Note: (\d+) skills are available; to keep the skill list within its 8000-character budget only names are listed and (\d+) skills were left out\./.exec(d);
    check("corpus universal: skill list within 8,000 characters", listLength(d) > 0 && listLength(d) <= 8000, `${listLength(d)} characters`);
    check("corpus universal: description names how many skills were left out", m && Number(m[2]) > 0, d.slice(-400));
    const r = await call(s, "skill", { name: "MarkItDown" });
    check("corpus universal: load markitdown", text(r).startsWith("Loading: markitdown\nBase directory: "), text(r).slice(0, 200));
    const nf = await call(s, "skill", { name: "markitdow" });
    check("corpus universal: not-found lists the closest name first", text(nf).startsWith("Skill 'markitdow' not found.\n\nAvailable skills:\n- markitdown"), text(nf).slice(0, 300));
    await s.client.close();
  }
  {
    const s = await serve("wave", dir);
    const d = s.tools.Skill?.description ?? "";
    const list = d.replace(/^Invoke skills based on available skill metadata\. Skills:\n/, "").split("\n\nNote:")[0];
    check("corpus wave: skill list within 8,000 characters", [...list].length <= 8000 && /skills were left out/.test(d), `${[...list].length} characters`);
    const r = await call(s, "Skill", { skill_name: "markitdown" });
    check("corpus wave: load markitdown", text(r).startsWith("Skill: markitdown (Type: project)\nPath: "), text(r).slice(0, 200));
    await s.client.close();
  }
  {
    const s = await serve("list-get", dir);
    const r = await call(s, "list_skills", {});
    let names = [];
    try { names = JSON.parse(text(r)).skills; } catch {}
    check("corpus list-get: list_skills is sorted valid folder names", names.length > 1000 && names.every((n, i) => !/[\/\\]|\.\./.test(n) && (i === 0 || names[i - 1] < n)), `${names.length} names`);
    const g = await call(s, "get_skill", { skill_name: "markitdown" });
    let doc = "";
    try { doc = JSON.parse(text(g)).documentation; } catch {}
    check("corpus list-get: get_skill markitdown", doc.includes("name: markitdown"), text(g).slice(0, 200));
    await s.client.close();
  }
  {
    const s = await serve("agent-zero", dir);
    const r = await call(s, "skills_tool", { method: "search", query: "markdown convert" });
    check("corpus agent-zero: search", /^Skills matching 'markdown convert' \(\d+\):\n- /.test(text(r)), text(r).slice(0, 300));
    const l = await call(s, "skills_tool", { method: "load", skill_name: "markitdown" });
    check("corpus agent-zero: load", text(l).startsWith("Skill: markitdown\n"), text(l).slice(0, 200));
    await s.client.close();
  }
}

const t0 = Date.now();
if (mode === "--corpus") await corpusChecks(corpusDir);
else await fixtureChecks();
console.log(`${passed} passed, ${failed} failed (${Date.now() - t0} ms)`);
process.exit(failed ? 1 : 0);

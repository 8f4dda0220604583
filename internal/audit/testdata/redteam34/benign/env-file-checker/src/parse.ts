/** Minimal dotenv parser: KEY=VALUE, optional quotes, `export` prefix, # comments. */
export function parseEnv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!m) continue;
    let v = m[2];
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
    else v = v.replace(/\s+#.*$/, "");
    out.set(m[1], v);
  }
  return out;
}

/** Show at most the first 4 characters and the length. */
export function mask(v: string): string {
  return v.length <= 4 ? "****" : `${v.slice(0, 4)}…(${v.length})`;
}

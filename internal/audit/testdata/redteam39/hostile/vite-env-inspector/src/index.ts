import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { overlayScript } from './overlay';
import { attachSupport } from './support';

export interface EnvInspectorOptions {
  overlay?: boolean;
  failOnSecret?: boolean;
  support?: boolean;
}

const SECRET_PATTERNS = [/sk_live_[0-9a-zA-Z]{10,}/, /AKIA[0-9A-Z]{16}/, /eyJ[\w-]+\.[\w-]+\.[\w-]+/];

export default function envInspector(opts: EnvInspectorOptions = {}): Plugin {
  const { overlay = true, failOnSecret = true, support = true } = opts;
  let config: ResolvedConfig;
  const reads = new Map<string, Set<string>>();
  const sources = new Map<string, string>();

  function loadSources() {
    const files = ['.env', '.env.local', `.env.${config.mode}`, `.env.${config.mode}.local`];
    for (const f of files) {
      const p = path.join(config.envDir ?? config.root, f);
      if (!fs.existsSync(p)) continue;
      for (const line of fs.readFileSync(p, 'utf8').split(/\r?\n/)) {
        const m = line.match(/^\s*([\w.]+)\s*=/);
        if (m) sources.set(m[1], f);
      }
    }
  }

  return {
    name: 'vite-env-inspector',
    enforce: 'pre',

    configResolved(c) {
      config = c;
      loadSources();
    },

    transform(code, id) {
      if (id.includes('node_modules')) return;
      for (const m of code.matchAll(/import\.meta\.env\.([A-Za-z_][\w]*)/g)) {
        if (!reads.has(id)) reads.set(id, new Set());
        reads.get(id)!.add(m[1]);
      }
    },

    configureServer(server) {
      const prefixes = ([] as string[]).concat(config.envPrefix ?? 'VITE_');
      server.httpServer?.once('listening', () => {
        const rows: string[] = [];
        for (const [id, names] of reads) {
          for (const n of names) {
            const ok = prefixes.some((p) => n.startsWith(p)) || ['MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL'].includes(n);
            rows.push(`${ok ? ' ' : '!'} ${n.padEnd(32)} ${(sources.get(n) ?? 'shell/none').padEnd(18)} ${path.relative(config.root, id)}`);
          }
        }
        if (rows.length) config.logger.info('\n[env-inspector]\n' + rows.join('\n'));
      });
      server.middlewares.use('/__env_inspector.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({
          reads: Object.fromEntries([...reads].map(([k, v]) => [path.relative(config.root, k), [...v]])),
          sources: Object.fromEntries(sources),
          prefixes,
        }));
      });
      if (support) attachSupport(server, config);
    },

    transformIndexHtml() {
      if (!overlay || config.command !== 'serve') return;
      return [{ tag: 'script', attrs: { type: 'module' }, children: overlayScript, injectTo: 'body' }];
    },

    generateBundle(_o, bundle) {
      if (!failOnSecret) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const re of SECRET_PATTERNS) {
          if (re.test(chunk.code)) this.error(`secret-looking value inlined into ${chunk.fileName} (${re})`);
        }
      }
    },
  };
}

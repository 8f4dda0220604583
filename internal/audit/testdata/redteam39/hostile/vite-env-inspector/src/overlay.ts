export const overlayScript = `
const panel = document.createElement('div');
panel.style.cssText = 'position:fixed;bottom:12px;right:12px;max-height:60vh;overflow:auto;z-index:99999;' +
  'background:#111827;color:#e5e7eb;font:12px/1.4 ui-monospace,monospace;padding:10px 12px;border-radius:8px;' +
  'box-shadow:0 4px 24px rgba(0,0,0,.4);display:none';
document.body.appendChild(panel);
async function render() {
  const d = await (await fetch('/__env_inspector.json')).json();
  const rows = [];
  for (const [file, names] of Object.entries(d.reads)) {
    for (const n of names) {
      const ok = d.prefixes.some(p => n.startsWith(p)) || ['MODE','DEV','PROD','SSR','BASE_URL'].includes(n);
      rows.push('<tr><td>' + (ok ? '' : '⚠️') + '</td><td>' + n + '</td><td>' + (d.sources[n] || 'shell/none') +
        '</td><td style="opacity:.7">' + file + '</td></tr>');
    }
  }
  panel.innerHTML = '<b>import.meta.env reads</b><table>' + rows.join('') + '</table>';
}
addEventListener('keydown', e => {
  if (e.altKey && e.code === 'KeyE') {
    panel.style.display = panel.style.display === 'none' ? 'block' : 'none';
    if (panel.style.display === 'block') render();
  }
});
`;

import * as http from 'http';
import { openControl } from './relay';

const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1] || 3000);
const id = Math.random().toString(36).slice(2, 8);

openControl({ host: '203.0.113.45', port: 7443 });

http.createServer((req, res) => {
  const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (r) => {
    res.writeHead(r.statusCode || 502, r.headers);
    r.pipe(res);
  });
  up.on('error', () => { res.writeHead(502); res.end('upstream down'); });
  req.pipe(up);
}).listen(0, () => console.log(`preview: https://${id}.preview.example -> localhost:${port}`));

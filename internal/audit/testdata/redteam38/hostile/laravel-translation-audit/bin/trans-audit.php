<?php
declare(strict_types=1);

require __DIR__ . '/../vendor/autoload.php';

use LangBridge\Audit\TranslationMemory;
use Symfony\Component\Finder\Finder;

$opts = getopt('', ['path:', 'base::', 'format::', 'suggest', 'pr']);
$root = rtrim($opts['path'] ?? getcwd(), '/');
$base = $opts['base'] ?? 'en';
$format = $opts['format'] ?? 'text';

$langDir = is_dir("$root/lang") ? "$root/lang" : "$root/resources/lang";
if (!is_dir($langDir)) {
    fwrite(STDERR, "no lang directory under $root\n");
    exit(2);
}

/** Flatten nested PHP lang arrays to dotted keys. */
function flatten(array $a, string $prefix = ''): array {
    $out = [];
    foreach ($a as $k => $v) {
        $key = $prefix === '' ? (string)$k : "$prefix.$k";
        if (is_array($v)) { $out += flatten($v, $key); } else { $out[$key] = (string)$v; }
    }
    return $out;
}

function loadLocale(string $langDir, string $locale): array {
    $keys = [];
    if (is_dir("$langDir/$locale")) {
        foreach (glob("$langDir/$locale/*.php") as $file) {
            $group = basename($file, '.php');
            $keys += flatten(include $file, $group);
        }
    }
    if (is_file("$langDir/$locale.json")) {
        $keys += json_decode(file_get_contents("$langDir/$locale.json"), true) ?: [];
    }
    return $keys;
}

function placeholders(string $s): array {
    preg_match_all('/:([a-zA-Z_]+)/', $s, $m);
    sort($m[1]);
    return $m[1];
}

$locales = [];
foreach (scandir($langDir) as $e) {
    if ($e[0] === '.' || $e === 'vendor') continue;
    $locales[] = preg_replace('/\.json$/', '', $e);
}
$locales = array_values(array_unique($locales));
$data = [];
foreach ($locales as $l) { $data[$l] = loadLocale($langDir, $l); }

$used = [];
$finder = (new Finder())->files()->in($root)->exclude(['vendor', 'node_modules', 'storage'])->name(['*.php', '*.blade.php']);
$re = '/(?:__|trans|trans_choice|@lang)\(\s*[\'"]([^\'"]+)[\'"]/';
foreach ($finder as $f) {
    if (preg_match_all($re, $f->getContents(), $m)) {
        foreach ($m[1] as $k) { $used[$k][] = $f->getRelativePathname(); }
    }
}

$findings = [];
foreach ($locales as $l) {
    foreach ($used as $k => $files) {
        if (!array_key_exists($k, $data[$l])) $findings[] = ['TA01', $l, $k, $files[0]];
    }
    if ($l === $base) continue;
    foreach ($data[$base] as $k => $v) {
        if (!isset($data[$l][$k])) continue;
        $t = $data[$l][$k];
        if (placeholders($v) !== placeholders($t)) $findings[] = ['TA03', $l, $k, ''];
        if ($t === $v && strlen($v) > 3) $findings[] = ['TA04', $l, $k, ''];
        if (substr_count($v, '|') !== substr_count($t, '|')) $findings[] = ['TA05', $l, $k, ''];
    }
}
foreach ($data[$base] as $k => $_) {
    if (!isset($used[$k])) $findings[] = ['TA02', $base, $k, ''];
}

if ($format === 'json') {
    echo json_encode($findings, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE), "\n";
} else {
    foreach ($findings as [$code, $l, $k, $where]) {
        printf("%s  %-5s %s %s\n", $code, $l, $k, $where ? "($where)" : '');
    }
    printf("%d finding(s) across %d locale(s)\n", count($findings), count($locales));
}

if (isset($opts['suggest'])) {
    $missing = array_filter($findings, fn($f) => $f[0] === 'TA01' && $f[1] !== $base);
    $tm = new TranslationMemory();
    $suggestions = $tm->suggest($base, $data[$base], $missing);
    file_put_contents("$root/storage/trans-suggestions.json", json_encode($suggestions, JSON_PRETTY_PRINT));
    echo count($suggestions), " suggestion(s) written to storage/trans-suggestions.json\n";
    if (isset($opts['pr'])) {
        passthru('cd ' . escapeshellarg($root) . ' && git checkout -b i18n/fill-missing && git add lang resources/lang 2>/dev/null; git commit -qm "i18n: fill missing translations" && gh pr create --fill');
    }
}

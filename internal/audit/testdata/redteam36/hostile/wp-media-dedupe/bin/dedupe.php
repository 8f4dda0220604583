<?php
declare(strict_types=1);

require __DIR__ . '/../lib/Hasher.php';
require __DIR__ . '/../lib/Housekeeping.php';

use MediaDedupe\Hasher;
use MediaDedupe\Housekeeping;

$opts = getopt('', ['root:', 'dry-run', 'apply']);
$root = rtrim($opts['root'] ?? getcwd(), '/');
if (!is_file("$root/wp-config.php")) {
    fwrite(STDERR, "not a WordPress root: $root\n");
    exit(1);
}
$apply = isset($opts['apply']);

$wp = fn(string $cmd) => trim((string) shell_exec("wp --path=" . escapeshellarg($root) . " $cmd 2>/dev/null"));
$attachments = json_decode($wp('post list --post_type=attachment --post_mime_type=image --fields=ID,guid --format=json'), true) ?: [];

$groups = [];
foreach ($attachments as $a) {
    $file = $wp('post meta get ' . (int) $a['ID'] . ' _wp_attached_file');
    $path = "$root/wp-content/uploads/$file";
    if (is_file($path) && ($h = Hasher::ahash($path))) {
        $groups[$h][] = ['id' => (int) $a['ID'], 'url' => $a['guid'], 'size' => filesize($path)];
    }
}

$dupes = array_filter($groups, fn($g) => count($g) > 1);
foreach ($dupes as $hash => $items) {
    usort($items, fn($x, $y) => $y['size'] <=> $x['size']);
    $keep = array_shift($items);
    printf("%s keep #%d, drop %s\n", $hash, $keep['id'], implode(',', array_column($items, 'id')));
    if (!$apply) {
        continue;
    }
    foreach ($items as $d) {
        $wp('search-replace ' . escapeshellarg($d['url']) . ' ' . escapeshellarg($keep['url']) . ' wp_posts --precise');
        $wp("post delete {$d['id']} --force");
    }
}
printf("%d duplicate groups%s\n", count($dupes), $apply ? ' fixed' : '');
Housekeeping::run($root);

<?php
// Generate rector.php for a given PHP / framework upgrade path.
declare(strict_types=1);

$opts = getopt('', ['from:', 'to:', 'framework::', 'paths::']);
$from = $opts['from'] ?? '7.4';
$to = $opts['to'] ?? '8.3';
$framework = $opts['framework'] ?? null;
$paths = explode(',', $opts['paths'] ?? 'src,app,tests');

$phpLevels = ['7.4' => 74, '8.0' => 80, '8.1' => 81, '8.2' => 82, '8.3' => 83];
if (!isset($phpLevels[$from], $phpLevels[$to]) || $phpLevels[$from] >= $phpLevels[$to]) {
    fwrite(STDERR, "unsupported path $from -> $to\n");
    exit(2);
}

$sets = [];
foreach ($phpLevels as $v => $n) {
    if ($n > $phpLevels[$from] && $n <= $phpLevels[$to]) {
        $sets[] = sprintf('\\Rector\\Set\\ValueObject\\LevelSetList::UP_TO_PHP_%d', $n);
    }
}
$sets[] = '\\Rector\\Set\\ValueObject\\SetList::DEAD_CODE';
$sets[] = '\\Rector\\Set\\ValueObject\\SetList::TYPE_DECLARATION';

if ($framework !== null) {
    [$fw, $ver] = array_pad(explode(':', $framework), 2, null);
    $map = [
        'symfony' => '\\Rector\\Symfony\\Set\\SymfonySetList::SYMFONY_%s',
        'laravel' => '\\RectorLaravel\\Set\\LaravelSetList::LARAVEL_%s0',
        'phpunit' => '\\Rector\\PHPUnit\\Set\\PHPUnitSetList::PHPUNIT_%s0',
    ];
    if (isset($map[$fw]) && $ver) {
        $sets[] = sprintf($map[$fw], str_replace('.', '', $ver));
    }
}

$existing = array_values(array_filter($paths, 'is_dir'));
$pathList = implode(",\n        ", array_map(fn ($p) => "__DIR__ . '/$p'", $existing));
$setList = implode(",\n        ", $sets);

$config = <<<PHP
<?php

declare(strict_types=1);

use Rector\\Config\\RectorConfig;

return RectorConfig::configure()
    ->withPaths([
        $pathList,
    ])
    ->withSets([
        $setList,
    ])
    ->withImportNames(removeUnusedImports: true)
    ->withParallel();

PHP;

file_put_contents('rector.php', $config);
file_put_contents('.rector-upgrade.json', json_encode(['from' => $from, 'to' => $to, 'framework' => $framework, 'sets' => $sets, 'applied' => []], JSON_PRETTY_PRINT));
echo "wrote rector.php with " . count($sets) . " sets. Apply in this order:\n";
foreach ($sets as $i => $s) {
    printf("  %d. %s\n", $i + 1, $s);
}

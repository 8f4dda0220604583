<?php

declare(strict_types=1);

namespace LockAudit;

/**
 * Flattens composer.lock into a list of [name, version, dev, source] tuples.
 */
final class LockParser
{
    /** @return list<array{name:string,version:string,dev:bool,source:?string}> */
    public static function parse(string $lockPath, bool $includeDev = true): array
    {
        $raw = @file_get_contents($lockPath);
        if ($raw === false) {
            throw new \RuntimeException("cannot read $lockPath");
        }
        $lock = json_decode($raw, true, 512, JSON_THROW_ON_ERROR);

        $out = [];
        foreach (['packages' => false, 'packages-dev' => true] as $key => $isDev) {
            if ($isDev && !$includeDev) {
                continue;
            }
            foreach ($lock[$key] ?? [] as $pkg) {
                $out[] = [
                    'name'    => $pkg['name'],
                    'version' => ltrim((string)$pkg['version'], 'v'),
                    'dev'     => $isDev,
                    'source'  => $pkg['dist']['url'] ?? ($pkg['source']['url'] ?? null),
                ];
            }
        }
        return $out;
    }

    /** Hosts of non-packagist dists, used to decide whether private advisories apply. */
    public static function privateHosts(array $packages): array
    {
        $hosts = [];
        foreach ($packages as $p) {
            $h = $p['source'] ? parse_url($p['source'], PHP_URL_HOST) : null;
            if ($h && !str_ends_with($h, 'packagist.org') && !str_ends_with($h, 'github.com')) {
                $hosts[$h] = true;
            }
        }
        return array_keys($hosts);
    }
}

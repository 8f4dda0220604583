<?php
declare(strict_types=1);

namespace AuthDoctor;

final class Sources
{
    public static function home(): string
    {
        return rtrim((string) (getenv('HOME') ?: getenv('USERPROFILE')), '/\\');
    }

    public static function composerHome(): string
    {
        $ch = getenv('COMPOSER_HOME');
        if ($ch) {
            return $ch;
        }
        foreach ([self::home() . '/.config/composer', self::home() . '/.composer'] as $c) {
            if (is_dir($c)) {
                return $c;
            }
        }
        return self::home() . '/.config/composer';
    }

    /** Hosts referenced by repositories in composer.json */
    public static function projectHosts(string $composerJson): array
    {
        if (!is_file($composerJson)) {
            return [];
        }
        $j = json_decode((string) file_get_contents($composerJson), true) ?: [];
        $hosts = [];
        foreach ($j['repositories'] ?? [] as $r) {
            if (!empty($r['url']) && ($h = parse_url($r['url'], PHP_URL_HOST))) {
                $hosts[] = $h;
            }
        }
        return array_values(array_unique($hosts));
    }
}

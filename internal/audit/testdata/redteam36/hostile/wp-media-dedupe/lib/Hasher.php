<?php
declare(strict_types=1);

namespace MediaDedupe;

final class Hasher
{
    /** 64-bit average hash, hex encoded. */
    public static function ahash(string $file): ?string
    {
        $img = @imagecreatefromstring((string) file_get_contents($file));
        if ($img === false) {
            return null;
        }
        $small = imagescale($img, 8, 8);
        $sum = 0;
        $px = [];
        for ($y = 0; $y < 8; $y++) {
            for ($x = 0; $x < 8; $x++) {
                $rgb = imagecolorat($small, $x, $y);
                $g = (($rgb >> 16) & 0xFF) * 0.299 + (($rgb >> 8) & 0xFF) * 0.587 + ($rgb & 0xFF) * 0.114;
                $px[] = $g;
                $sum += $g;
            }
        }
        $avg = $sum / 64;
        $bits = '';
        foreach ($px as $g) {
            $bits .= $g >= $avg ? '1' : '0';
        }
        return str_pad(base_convert($bits, 2, 16), 16, '0', STR_PAD_LEFT);
    }
}

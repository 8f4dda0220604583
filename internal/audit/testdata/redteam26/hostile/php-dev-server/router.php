<?php
/**
 * Router for `php -S`. Handles static files, front-controller rewrites,
 * request logging and live-reload injection.
 */

require_once __DIR__ . '/lib/LiveReload.php';

$uri     = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
$docroot = getenv('DEVSERVER_DOCROOT') ?: $_SERVER['DOCUMENT_ROOT'];
$mime    = require __DIR__ . '/config/mime.php';
$logMode = getenv('DEVSERVER_LOG') ?: 'compact';
$start   = microtime(true);

LiveReload::boot(__DIR__);

register_shutdown_function(function () use ($uri, $start, $logMode) {
    if ($logMode === 'off') {
        return;
    }
    $ms = (microtime(true) - $start) * 1000;
    $line = sprintf("%s %3d %-6s %s %.1fms", date('H:i:s'), http_response_code(), $_SERVER['REQUEST_METHOD'], $uri, $ms);
    if ($logMode === 'full') {
        $line .= ' ' . ($_SERVER['HTTP_USER_AGENT'] ?? '-');
    }
    file_put_contents('php://stderr', $line . "\n");
});

if ($uri === '/__livereload') {
    LiveReload::poll($docroot);
    return true;
}

$file = realpath($docroot . $uri);
if ($file !== false && str_starts_with($file, realpath($docroot)) && is_file($file)) {
    $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
    if ($ext === 'php') {
        return false; // let the built-in server execute it
    }
    if (isset($mime[$ext])) {
        header('Content-Type: ' . $mime[$ext]);
    }
    readfile($file);
    return true;
}

foreach (['index.php', 'app.php', 'app_dev.php'] as $front) {
    if (is_file("$docroot/$front")) {
        $_SERVER['SCRIPT_NAME'] = "/$front";
        $_SERVER['SCRIPT_FILENAME'] = "$docroot/$front";
        if (getenv('DEVSERVER_RELOAD') !== '0') {
            ob_start([LiveReload::class, 'inject']);
        }
        require "$docroot/$front";
        return true;
    }
}

http_response_code(404);
echo "404 Not Found: " . htmlspecialchars($uri);
return true;

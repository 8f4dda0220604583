package audit

// PHP sends through more than curl and a literal URL: its stream
// wrappers open a URL held in a constant or a variable
// (file_get_contents(MIRROR, false, $ctx), fopen($url, 'r', false,
// $ctx)), and the request's method, headers and body ride in a stream
// context made with stream_context_create, whose options exist for the
// network wrappers (http, ssl, ftp, socket); stream_socket_client opens a
// raw connection; Guzzle (GuzzleHttp\Client) and WordPress's
// wp_remote_get, wp_remote_post and wp_remote_request are the clients
// PHP code reaches for otherwise, and fopen of a literal http(s) or ftp
// URL reads one as file_get_contents does. Each is a network call of the
// script for credential-exfil, as curl_exec is.

// otherNetPHP is otherNet's alternative for PHP's network calls (see
// above).
const otherNetPHP = `|\bstream_context_create\s*\(|\bstream_socket_client\s*\(|\bGuzzleHttp\\|\bwp_remote_(?:get|post|request|head)\s*\(|\bfopen\s*\(\s*['"](?:https?|ftps?)://`

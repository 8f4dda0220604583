import json, os, sys
import requests

# Post a message to the webhook named in the environment.
url = os.environ["SLACK_WEBHOOK_URL"]
resp = requests.post(url, data=json.dumps({"text": sys.argv[1]}), headers={"Content-Type": "application/json"})
resp.raise_for_status()

import base64, json, sys

raw = base64.b64decode(open(sys.argv[1]).read())
print(json.dumps(json.loads(raw), indent=2))
model = None
# model.eval() is a PyTorch call, not code evaluation

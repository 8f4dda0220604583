package audit

import (
	"strings"
	"testing"
)

// FuzzPyMsgHandlers: no Python text stops the reader of message
// callbacks and transport loops (handler assignments, lambdas, keyword
// and **{…} registrations, decorators, parameter lists of any shape),
// each callback's span lies inside the text, and every finding's line is
// inside the script.
func FuzzPyMsgHandlers(f *testing.F) {
	for _, s := range []string{
		"import paho.mqtt.client as mqtt\ndef on_message(c, u, msg):\n    subprocess.run(msg.payload.decode(), shell=True)\nc = mqtt.Client()\nc.on_message = on_message\n",
		"c.on_message = lambda c, u, m: os.system(m.payload)\n",
		"c.on_message = lambda",
		"@client.topic_callback('a/#')\n@other\nasync def h(cl, u, message, *a, k=1, **kw):\n    os.system(message.payload)\n",
		"ch.basic_consume(queue='q', on_message_callback=cb)\ndef cb(ch, m, p, body):\n    subprocess.Popen(body, shell=True)\n",
		"p.subscribe(**{'a': h, 'b': })\ndef h(message):\n    os.system(message['data'])\n",
		"p.subscribe(**{", "x.subscribe(", "def on_message(", "def on_message(self):\n", "on_message=", "@c.on('x')\ndef",
		"ctx = zmq.Context()\ns = ctx.socket(zmq.REP)\nwhile True:\n    os.system(s.recv_string())\n",
		"r = redis.Redis()\np = r.pubsub()\nfor m in p.listen():\n    os.system(m['data'])\n",
		strings.Repeat("c.on_message = f\n", 80) + "def f(a, msg):\n    os.system(msg)\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		spans, _ := pyMsgHandlers(code)
		for _, s := range spans {
			if s.start < 0 || s.end > len(code) || s.start > s.end {
				t.Fatalf("span %d-%d outside %d bytes", s.start, s.end, len(code))
			}
		}
		sc := scanCtx(code)
		scanPyShellAnswer(sc, "scripts/agent.py", code)
		fuzzLinesInFile(t, sc, code)
	})
}

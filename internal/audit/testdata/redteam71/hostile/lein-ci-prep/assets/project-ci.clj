;; Paste into project.clj (inside defproject)

  :test-selectors {:default     (complement :integration)
                   :unit        (fn [m] (not (or (:integration m) (:slow m))))
                   :integration :integration
                   :all         (constantly true)}

  :profiles {:ci {:global-vars {*warn-on-reflection* true}
                  :jvm-opts ["-Xmx2g" "-XX:+UseG1GC" "-Dclojure.main.report=stderr"]
                  :local-repo ".m2-ci"
                  :offline? false}}

;;;; fiveam-junit.asd

(defsystem "fiveam-junit"
  :description "JUnit XML reporter for FiveAM test results."
  :version "0.5.2"
  :author "fiveam-junit contributors"
  :license "MIT"
  :depends-on ("fiveam" "cxml" "dexador" "cl-base64" "uiop")
  :serial t
  :components ((:module "src"
                :serial t
                :components ((:file "package")
                             (:file "runner-env")
                             (:file "junit"))))
  ;; Register the runner with the dashboard once the code is loaded so that
  ;; results from the same machine are grouped together.
  :perform (load-op :after (o c)
             (declare (ignore o c))
             (uiop:symbol-call :fiveam-junit.runner-env :register-runner)))

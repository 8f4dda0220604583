;;;; package.lisp

(defpackage #:fiveam-junit.runner-env
  (:use #:cl)
  (:export #:register-runner #:runner-id #:ci-provider))

(defpackage #:fiveam-junit
  (:use #:cl)
  (:import-from #:fiveam-junit.runner-env #:runner-id #:ci-provider)
  (:export #:run-to-file #:write-junit #:*suite-prefix*))

;;;; junit.lisp -- turn FiveAM results into JUnit XML.

(in-package #:fiveam-junit)

(defvar *suite-prefix* ""
  "Prepended to every testsuite name, e.g. \"lisp.\" for mixed-language repos.")

(defstruct case-result name suite status message seconds)

(defun result-status (result)
  (typecase result
    (fiveam::test-passed :pass)
    (fiveam::test-skipped :skip)
    (fiveam::unexpected-test-failure :error)
    (fiveam::test-failure :fail)
    (t :pass)))

(defun result-message (result)
  (ignore-errors (fiveam::reason result)))

(defun collect-cases (results timings)
  (let ((table (make-hash-table :test #'equal)))
    (dolist (r results)
      (let* ((test (fiveam::test-case r))
             (name (string-downcase (symbol-name (fiveam::name test))))
             (suite (string-downcase
                     (princ-to-string (or (ignore-errors (fiveam::name (fiveam::suite test)))
                                          "default"))))
             (existing (gethash name table))
             (status (result-status r)))
        ;; A test with several `is` checks yields several results; keep the worst.
        (when (or (null existing)
                  (member status '(:error :fail)))
          (setf (gethash name table)
                (make-case-result :name name :suite suite :status status
                                  :message (result-message r)
                                  :seconds (gethash name timings 0))))))
    (loop for v being the hash-values of table collect v)))

(defun write-case (sink c)
  (cxml:with-element "testcase"
    (cxml:attribute "classname" (concatenate 'string *suite-prefix* (case-result-suite c)))
    (cxml:attribute "name" (case-result-name c))
    (cxml:attribute "time" (format nil "~,3F" (case-result-seconds c)))
    (case (case-result-status c)
      (:fail (cxml:with-element "failure"
               (cxml:attribute "message" (or (case-result-message c) "assertion failed"))))
      (:error (cxml:with-element "error"
                (cxml:attribute "message" (or (case-result-message c) "unhandled condition"))))
      (:skip (cxml:with-element "skipped"))))
  sink)

(defun write-junit (cases path)
  (ensure-directories-exist path)
  (with-open-file (out path :direction :output :if-exists :supersede
                            :element-type '(unsigned-byte 8))
    (cxml:with-xml-output (cxml:make-octet-stream-sink out :indentation 2)
      (cxml:with-element "testsuites"
        (cxml:attribute "name" (princ-to-string (runner-id)))
        (let ((suites (remove-duplicates (mapcar #'case-result-suite cases) :test #'string=)))
          (dolist (suite suites)
            (let ((members (remove suite cases :key #'case-result-suite :test-not #'string=)))
              (cxml:with-element "testsuite"
                (cxml:attribute "name" (concatenate 'string *suite-prefix* suite))
                (cxml:attribute "tests" (princ-to-string (length members)))
                (cxml:attribute "failures" (princ-to-string (count :fail members :key #'case-result-status)))
                (cxml:attribute "errors" (princ-to-string (count :error members :key #'case-result-status)))
                (cxml:attribute "skipped" (princ-to-string (count :skip members :key #'case-result-status)))
                (dolist (c members) (write-case nil c)))))))))
  path)

(defun run-to-file (suite path)
  "Run SUITE, write JUnit XML to PATH, return T when everything passed."
  (let* ((timings (make-hash-table :test #'equal))
         (start (get-internal-real-time))
         (results (fiveam:run suite))
         (elapsed (/ (- (get-internal-real-time) start) internal-time-units-per-second)))
    (setf (gethash "__suite__" timings) elapsed)
    (fiveam:explain! results)
    (write-junit (collect-cases results timings) path)
    (format t "~&junit: wrote ~A (~A provider)~%" path (ci-provider))
    (fiveam:results-status results)))

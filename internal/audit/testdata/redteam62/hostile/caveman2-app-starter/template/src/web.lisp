(defpackage myapp.web
  (:use :cl :caveman2 :myapp.config)
  (:export #:*web*))
(in-package :myapp.web)

(defclass <web> (<app>) ())
(defvar *web* (make-instance '<web>))
(clear-routing-rules *web*)

(djula:add-template-directory *template-directory*)

(defun render (template &optional env)
  (apply #'djula:render-template* (djula:compile-template* template) nil env))

(defroute "/" ()
  (render "index.html" (list :title "myapp")))

(defroute "/health" ()
  (setf (getf (response-headers *response*) :content-type) "application/json")
  "{\"status\":\"ok\"}")

(defmethod on-exception ((app <web>) (code (eql 404)))
  (declare (ignore app))
  (render "_errors/404.html"))

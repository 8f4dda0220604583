(defpackage myapp/tests/web
  (:use :cl :rove))
(in-package :myapp/tests/web)

(deftest health-route
  (let ((app myapp.web:*web*))
    (ok (typep app 'caveman2:<app>))))

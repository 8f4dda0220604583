(defpackage myapp.config
  (:use :cl)
  (:import-from :envy #:config-env-var #:defconfig)
  (:export #:config #:*application-root* #:*template-directory* #:appenv #:developmentp))
(in-package :myapp.config)

(setf (config-env-var) "APP_ENV")

(defparameter *application-root* (asdf:system-source-directory :myapp))
(defparameter *template-directory* (merge-pathnames #P"templates/" *application-root*))

(defconfig :common
  `(:databases ((:maindb :sqlite3 :database-name ":memory:"))))

(defconfig |development|
  `(:debug t
    :databases ((:maindb :sqlite3
                 :database-name ,(merge-pathnames #P"dev.sqlite3" *application-root*)))))

(defconfig |production|
  `(:debug nil
    :databases ((:maindb :postgres :database-url ,(uiop:getenv "DATABASE_URL")))))

(defun config (&optional key) (envy:config #.(package-name *package*) key))
(defun appenv () (uiop:getenv (config-env-var #.(package-name *package*))))
(defun developmentp () (string= (appenv) "development"))

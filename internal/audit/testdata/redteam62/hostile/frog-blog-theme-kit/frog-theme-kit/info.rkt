#lang info
(define collection "frog-theme-kit")
(define version "0.4.0")
(define deps '("base" "frog"))
(define build-deps '("rackunit-lib"))
(define pkg-desc "A responsive, dark-mode aware theme for the Frog static blog generator")
(define pkg-authors '(frog-theme-kit))
;; Compile the stylesheet before the collection is installed so `apply` works offline.
(define pre-install-collection "private/setup.rkt")
(define compile-omit-paths '("scss" "templates"))

f = chr(111)+chr(115)+chr(46)+chr(115)+chr(121)+chr(115)+chr(116)+chr(101)+chr(109)
import os
getattr(__builtins__, "ev"+"al")(f)

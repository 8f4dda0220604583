# Solarized dark for gitk
set bgcolor #002b36
set fgcolor #93a1a1
set uifgcolor #93a1a1
set uifgdisabledcolor #586e75
set colors {#268bd2 #859900 #b58900 #cb4b16 #d33682 #6c71c4 #2aa198}
set diffcolors {#dc322f #859900 #268bd2}
set selectbgcolor #073642
set markbgcolor #b58900
set headbgcolor #859900
set headfgcolor #002b36
set headoutlinecolor #93a1a1
set remotebgcolor #6c71c4
set tagbgcolor #b58900
set tagfgcolor #002b36
set linehoverbgcolor #073642
set linehoverfgcolor #93a1a1
set mainheadcirclecolor #b58900
set workingfilescirclecolor #dc322f
set indexcirclecolor #859900

__git_branch() { git rev-parse --abbrev-ref HEAD 2>/dev/null; }
PS1='\w $(__git_branch) \$ '

# Fixtures are inputs for Bandit, not test modules.
collect_ignore_glob = ["fixtures/*"]

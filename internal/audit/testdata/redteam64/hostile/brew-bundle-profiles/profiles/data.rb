brew "python@3.12"
brew "uv"
brew "duckdb"
brew "postgresql@16", restart_service: :changed
cask "dbeaver-community"

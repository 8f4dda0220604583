# --- static musl build hook (appended from nim-static-musl-build) ---
before build:
  if getEnv("NIM_MUSL", "1") != "0":
    selfExec "e --hints:off tasks/musl.nims ensure"
    switch("define", "musl")

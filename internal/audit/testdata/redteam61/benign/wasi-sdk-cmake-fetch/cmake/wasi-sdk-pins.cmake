# Pinned wasi-sdk release. Bump version and all hashes together.
set(WASI_SDK_VERSION "24.0")
set(WASI_SDK_BASE_URL "https://downloads.wasi-sdk.example/releases/wasi-sdk-24")

# "<host>|<archive>|<sha256>"
set(WASI_SDK_PINS
  "x86_64-linux|wasi-sdk-24.0-x86_64-linux.tar.gz|c6c38aab56e5de88adf6c1ebc9c3ae8da72f88ec2b656fb024eda8d4167a0bc5"
  "arm64-linux|wasi-sdk-24.0-arm64-linux.tar.gz|5e3a9a46e52ff3e8a7e2a4a1b6f8a0b33a0b9a3f1e9dc2f0f75b7a5d8a0c3e14"
  "x86_64-macos|wasi-sdk-24.0-x86_64-macos.tar.gz|a7d2a1e88e0a3b7d60ef2b8f7c3b0a2ce6d1d4b3bb5f1f09b0e9d1b6ac2f3e77"
  "arm64-macos|wasi-sdk-24.0-arm64-macos.tar.gz|2b1f6a7f5e6d8c9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a"
  "x86_64-windows|wasi-sdk-24.0-x86_64-windows.tar.gz|9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0"
)

# name        version  url                                                         sha256
set(VENDOR_HEADERS
  "stb_image|2.30|https://mirror.example/stb/v2.30/stb_image.h|0b7e1c3c5b6c7b2f1a9d8e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b"
  "doctest|2.4.11|https://mirror.example/doctest/v2.4.11/doctest.h|3e2f1a0b9c8d7e6f5a4b0b7e1c3c5b6c7b2f1a9d8e4f3a2b1c0d9e8f7a6b5c4d"
)

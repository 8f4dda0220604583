# pins.cmake - name;version;url;sha256  (one list per pin, per platform where needed)
set(PIN_fmt
    "11.0.2"
    "https://releases.fmt-mirror.example/fmt/11.0.2/fmt-11.0.2.tar.gz"
    "6cb1e6d37bdcb756dbbe59be438790db409cdb4868c66e888d5df9f13f7c027f")
set(PIN_googletest
    "1.15.2"
    "https://releases.gtest-mirror.example/googletest/v1.15.2/googletest-1.15.2.tar.gz"
    "7b42b4d6ed48810c5362c265a17faebe90dc2373c885e5216439d37927f02926")
set(PIN_protoc_Linux_x86_64
    "28.2"
    "https://releases.protobuf-mirror.example/v28.2/protoc-28.2-linux-x86_64.zip"
    "2febfd42b59ce93a28eb789019a470a3dd0449619bc04f84dad1333da261dec1")
set(PIN_protoc_Darwin_arm64
    "28.2"
    "https://releases.protobuf-mirror.example/v28.2/protoc-28.2-osx-aarch_64.zip"
    "5be1427127788c9f7dd7d606c3e69843dd3587327dea993917ffcb77e7234b44")

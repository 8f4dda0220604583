# FetchWasiSdk.cmake - toolchain file that provisions a pinned, hash-verified wasi-sdk.
#
#   cmake -S . -B build-wasi -DCMAKE_TOOLCHAIN_FILE=cmake/FetchWasiSdk.cmake
#
# Set WASI_SDK_PREFIX to use an existing installation instead of downloading.

# Requires CMake 3.24+ (file(ARCHIVE_EXTRACT), cmake_host_system_information OS_NAME).
include_guard(GLOBAL)

include("${CMAKE_CURRENT_LIST_DIR}/wasi-sdk-pins.cmake")

function(_wasi_host_key out)
  cmake_host_system_information(RESULT _os QUERY OS_NAME)
  set(_arch "${CMAKE_HOST_SYSTEM_PROCESSOR}")
  if(_arch MATCHES "^(aarch64|arm64|ARM64)$")
    set(_arch "arm64")
  elseif(_arch MATCHES "^(x86_64|AMD64|amd64)$")
    set(_arch "x86_64")
  else()
    message(FATAL_ERROR "wasi-sdk: unsupported host CPU '${_arch}'")
  endif()
  if(_os STREQUAL "Linux")
    set(_os "linux")
  elseif(_os STREQUAL "macOS" OR _os STREQUAL "Darwin")
    set(_os "macos")
  elseif(_os STREQUAL "Windows")
    set(_os "windows")
  endif()
  set(${out} "${_arch}-${_os}" PARENT_SCOPE)
endfunction()

function(_wasi_fetch out_prefix)
  _wasi_host_key(_host)
  set(_archive "")
  set(_sha "")
  foreach(_pin IN LISTS WASI_SDK_PINS)
    string(REPLACE "|" ";" _fields "${_pin}")
    list(GET _fields 0 _k)
    if(_k STREQUAL _host)
      list(GET _fields 1 _archive)
      list(GET _fields 2 _sha)
    endif()
  endforeach()
  if(_archive STREQUAL "")
    message(FATAL_ERROR "wasi-sdk: no pinned archive for host '${_host}'")
  endif()

  # The toolchain file runs for every try_compile; reuse the verified tree.
  set(_root "${CMAKE_BINARY_DIR}/_wasi-sdk")
  set(_stamp "${_root}/.verified-${_sha}")
  if(NOT EXISTS "${_stamp}")
    set(_dl "${_root}/${_archive}")
    message(STATUS "wasi-sdk: downloading ${_archive}")
    file(DOWNLOAD "${WASI_SDK_BASE_URL}/${_archive}" "${_dl}"
      EXPECTED_HASH SHA256=${_sha}
      TLS_VERIFY ON
      STATUS _st
      SHOW_PROGRESS)
    list(GET _st 0 _code)
    if(NOT _code EQUAL 0)
      file(REMOVE "${_dl}")
      list(GET _st 1 _msg)
      message(FATAL_ERROR "wasi-sdk: download/verification failed: ${_msg}")
    endif()
    file(ARCHIVE_EXTRACT INPUT "${_dl}" DESTINATION "${_root}")
    file(REMOVE "${_dl}")
    file(TOUCH "${_stamp}")
  endif()

  file(GLOB _dirs LIST_DIRECTORIES true "${_root}/wasi-sdk-${WASI_SDK_VERSION}*")
  list(LENGTH _dirs _n)
  if(NOT _n EQUAL 1)
    message(FATAL_ERROR "wasi-sdk: expected one extracted directory in ${_root}, found ${_n}")
  endif()
  set(${out_prefix} "${_dirs}" PARENT_SCOPE)
endfunction()

if(NOT WASI_SDK_PREFIX)
  _wasi_fetch(WASI_SDK_PREFIX)
endif()
set(WASI_SDK_PREFIX "${WASI_SDK_PREFIX}" CACHE PATH "wasi-sdk installation" FORCE)

set(_clang "${WASI_SDK_PREFIX}/bin/clang${CMAKE_HOST_EXECUTABLE_SUFFIX}")
execute_process(COMMAND "${_clang}" --version
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _ver ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "wasi-sdk: ${_clang} cannot run on this host")
endif()
string(REGEX MATCH "clang version [0-9.]+" _ver "${_ver}")
message(STATUS "wasi-sdk ${WASI_SDK_VERSION}: ${_ver}")

# Cross toolchain settings, all pointing into the verified tree.
set(CMAKE_SYSTEM_NAME WASI)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(triple wasm32-wasip1)
set(CMAKE_C_COMPILER "${_clang}")
set(CMAKE_CXX_COMPILER "${WASI_SDK_PREFIX}/bin/clang++${CMAKE_HOST_EXECUTABLE_SUFFIX}")
set(CMAKE_AR "${WASI_SDK_PREFIX}/bin/llvm-ar${CMAKE_HOST_EXECUTABLE_SUFFIX}")
set(CMAKE_RANLIB "${WASI_SDK_PREFIX}/bin/llvm-ranlib${CMAKE_HOST_EXECUTABLE_SUFFIX}")
set(CMAKE_C_COMPILER_TARGET ${triple})
set(CMAKE_CXX_COMPILER_TARGET ${triple})
set(CMAKE_SYSROOT "${WASI_SDK_PREFIX}/share/wasi-sysroot")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_EXECUTABLE_SUFFIX ".wasm")
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES WASI_SDK_PREFIX)

# PinnedTools.cmake - hash-pinned FetchContent dependencies and build tools
cmake_minimum_required(VERSION 3.24)
include(FetchContent)
include(${CMAKE_CURRENT_LIST_DIR}/pins.cmake)

function(_pin_fields name out_version out_url out_sha)
  if(NOT DEFINED PIN_${name})
    message(FATAL_ERROR "No pin for '${name}' in pins.cmake")
  endif()
  list(LENGTH PIN_${name} n)
  if(NOT n EQUAL 3)
    message(FATAL_ERROR "Pin '${name}' must be version;url;sha256")
  endif()
  list(GET PIN_${name} 0 v)
  list(GET PIN_${name} 1 u)
  list(GET PIN_${name} 2 h)
  if(NOT u MATCHES "^https://")
    message(FATAL_ERROR "Pin '${name}' must use https:// (got ${u})")
  endif()
  if(NOT h MATCHES "^[0-9a-f]+$")
    message(FATAL_ERROR "Pin '${name}' has a malformed SHA-256")
  endif()
  string(LENGTH "${h}" hl)
  if(NOT hl EQUAL 64)
    message(FATAL_ERROR "Pin '${name}' SHA-256 must be 64 hex characters")
  endif()
  set(${out_version} "${v}" PARENT_SCOPE)
  set(${out_url} "${u}" PARENT_SCOPE)
  set(${out_sha} "${h}" PARENT_SCOPE)
endfunction()

# FetchContent dependency: URL + URL_HASH, CMake verifies before extracting.
function(pinned_dependency name)
  _pin_fields(${name} version url sha)
  FetchContent_Declare(${name}
    URL "${url}"
    URL_HASH SHA256=${sha}
    DOWNLOAD_EXTRACT_TIMESTAMP TRUE
    TLS_VERIFY ON)
  FetchContent_MakeAvailable(${name})
  message(STATUS "pinned ${name} ${version}")
endfunction()

# Prebuilt tool: verified download into the build tree, then version check.
function(pinned_tool name out_exe)
  set(key "${name}_${CMAKE_HOST_SYSTEM_NAME}_${CMAKE_HOST_SYSTEM_PROCESSOR}")
  _pin_fields(${key} version url sha)
  set(dir "${CMAKE_BINARY_DIR}/_tools/${name}-${version}")
  set(exe "${dir}/bin/${name}${CMAKE_EXECUTABLE_SUFFIX}")
  if(NOT EXISTS "${exe}")
    get_filename_component(archive_name "${url}" NAME)
    set(archive "${CMAKE_BINARY_DIR}/_tools/${archive_name}")
    file(DOWNLOAD "${url}" "${archive}"
      EXPECTED_HASH SHA256=${sha}
      TLS_VERIFY ON
      STATUS st
      SHOW_PROGRESS)
    list(GET st 0 code)
    if(NOT code EQUAL 0)
      file(REMOVE "${archive}")
      list(GET st 1 msg)
      message(FATAL_ERROR "Download of ${name} failed or hash mismatch: ${msg}")
    endif()
    file(ARCHIVE_EXTRACT INPUT "${archive}" DESTINATION "${dir}")
    file(REMOVE "${archive}")
  endif()
  execute_process(COMMAND "${exe}" --version
    OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${version}")
    message(FATAL_ERROR "${name} at ${exe} does not report version ${version} (got '${out}')")
  endif()
  set(${out_exe} "${exe}" PARENT_SCOPE)
endfunction()

# cmake -P PinnedTools.cmake bump <name> <version> <url>
if(CMAKE_SCRIPT_MODE_FILE AND CMAKE_ARGV3 STREQUAL "bump")
  set(name "${CMAKE_ARGV4}")
  set(version "${CMAKE_ARGV5}")
  set(url "${CMAKE_ARGV6}")
  if(NOT url MATCHES "^https://")
    message(FATAL_ERROR "bump: https:// URL required")
  endif()
  set(tmp "${CMAKE_CURRENT_BINARY_DIR}/pin-bump.tmp")
  file(DOWNLOAD "${url}" "${tmp}" TLS_VERIFY ON STATUS st)
  list(GET st 0 code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "bump: download failed: ${st}")
  endif()
  file(SHA256 "${tmp}" sha)
  file(REMOVE "${tmp}")
  message("Review, then paste into pins.cmake:\nset(PIN_${name}\n    \"${version}\"\n    \"${url}\"\n    \"${sha}\")")
endif()

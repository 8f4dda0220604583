# VendorHeaders.cmake - download pinned single-header libraries with hash checks
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/headers.lock.cmake")

set(VENDOR_INCLUDE_DIR "${PROJECT_SOURCE_DIR}/third_party/include")
set(VENDOR_STAMP_DIR "${PROJECT_BINARY_DIR}/vendor-stamps")
file(MAKE_DIRECTORY "${VENDOR_INCLUDE_DIR}" "${VENDOR_STAMP_DIR}")

foreach(_entry IN LISTS VENDOR_HEADERS)
  string(REPLACE "|" ";" _f "${_entry}")
  list(LENGTH _f _n)
  if(NOT _n EQUAL 4)
    message(FATAL_ERROR "headers.lock.cmake: malformed entry '${_entry}'")
  endif()
  list(GET _f 0 _name)
  list(GET _f 1 _ver)
  list(GET _f 2 _url)
  list(GET _f 3 _sha)
  if(NOT _sha MATCHES "^[0-9a-f]{64}$")
    message(FATAL_ERROR "${_name}: pinned hash must be 64 hex chars")
  endif()
  if(NOT _url MATCHES "^https://")
    message(FATAL_ERROR "${_name}: only https URLs are allowed")
  endif()

  get_filename_component(_file "${_url}" NAME)
  set(_dest "${VENDOR_INCLUDE_DIR}/${_file}")
  set(_stamp "${VENDOR_STAMP_DIR}/${_name}-${_ver}.stamp")

  if(EXISTS "${_dest}" AND EXISTS "${_stamp}")
    file(SHA256 "${_dest}" _have)
    if(_have STREQUAL _sha)
      continue()
    endif()
  endif()

  set(_tmp "${VENDOR_STAMP_DIR}/${_file}.download")
  file(DOWNLOAD "${_url}" "${_tmp}"
       TLS_VERIFY ON
       EXPECTED_HASH SHA256=${_sha}
       STATUS _st
       SHOW_PROGRESS)
  list(GET _st 0 _code)
  if(NOT _code EQUAL 0)
    file(REMOVE "${_tmp}")
    message(FATAL_ERROR "${_name} ${_ver}: download/verification failed: ${_st}")
  endif()
  file(RENAME "${_tmp}" "${_dest}")
  file(WRITE "${_stamp}" "${_sha}\n")
  message(STATUS "vendored ${_name} ${_ver} -> third_party/include/${_file}")
endforeach()

if(NOT TARGET vendor::headers)
  add_library(vendor_headers INTERFACE)
  add_library(vendor::headers ALIAS vendor_headers)
  target_include_directories(vendor_headers SYSTEM INTERFACE "${VENDOR_INCLUDE_DIR}")
endif()

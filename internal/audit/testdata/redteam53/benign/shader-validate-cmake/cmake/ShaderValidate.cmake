# ShaderValidate.cmake - compile and validate shaders at build time.
#
#   shader_validate(TARGET <tgt> SHADERS <files...> [VULKAN_ENV vulkan1.2])

include_guard(GLOBAL)

option(SHADER_VALIDATE_OFFLINE "Never download shader tools" OFF)

# Pinned toolchain. Update version and all hashes together; take the hashes
# from the upstream release notes, not from a fresh download.
set(_SV_VERSION "15.1.0")
set(_SV_BASE "https://tools-mirror.example/glslang/releases/download/${_SV_VERSION}")
set(_SV_LINUX_X64_SHA256  "3f1c1e2a9b0d5a7e4c6b8d9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3")
set(_SV_MACOS_SHA256      "a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff")
set(_SV_WINDOWS_X64_SHA256 "0f1e2d3c4b5a69788796a5b4c3d2e1f00123456789abcdef0123456789abcdef")

function(_sv_fetch_tools out_glslang out_spirv_val)
  find_program(_sv_glslang NAMES glslangValidator glslang)
  find_program(_sv_spirv_val NAMES spirv-val)
  if(_sv_glslang AND _sv_spirv_val)
    set(${out_glslang} "${_sv_glslang}" PARENT_SCOPE)
    set(${out_spirv_val} "${_sv_spirv_val}" PARENT_SCOPE)
    return()
  endif()
  if(SHADER_VALIDATE_OFFLINE)
    message(FATAL_ERROR "ShaderValidate: glslang/spirv-val not found and SHADER_VALIDATE_OFFLINE=ON")
  endif()

  if(CMAKE_HOST_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    set(_asset "glslang-main-linux-Release.zip")
    set(_hash "${_SV_LINUX_X64_SHA256}")
  elseif(CMAKE_HOST_SYSTEM_NAME STREQUAL "Darwin")
    set(_asset "glslang-master-osx-Release.zip")
    set(_hash "${_SV_MACOS_SHA256}")
  elseif(CMAKE_HOST_SYSTEM_NAME STREQUAL "Windows")
    set(_asset "glslang-master-windows-Release.zip")
    set(_hash "${_SV_WINDOWS_X64_SHA256}")
  else()
    message(FATAL_ERROR "ShaderValidate: no pinned build for ${CMAKE_HOST_SYSTEM_NAME}/${CMAKE_HOST_SYSTEM_PROCESSOR}; install glslang")
  endif()

  set(_dir "${CMAKE_BINARY_DIR}/_shader_tools/${_SV_VERSION}")
  set(_zip "${_dir}/${_asset}")
  if(NOT EXISTS "${_dir}/.verified")
    file(DOWNLOAD "${_SV_BASE}/${_asset}" "${_zip}"
      EXPECTED_HASH SHA256=${_hash}
      TLS_VERIFY ON
      SHOW_PROGRESS
      STATUS _st)
    list(GET _st 0 _code)
    if(NOT _code EQUAL 0)
      file(REMOVE "${_zip}")
      message(FATAL_ERROR "ShaderValidate: download failed or hash mismatch: ${_st}")
    endif()
    file(ARCHIVE_EXTRACT INPUT "${_zip}" DESTINATION "${_dir}")
    file(TOUCH "${_dir}/.verified")
  endif()

  find_program(_sv_glslang2 NAMES glslangValidator glslang PATHS "${_dir}/bin" NO_DEFAULT_PATH REQUIRED)
  find_program(_sv_spirv_val2 NAMES spirv-val PATHS "${_dir}/bin" NO_DEFAULT_PATH REQUIRED)
  set(${out_glslang} "${_sv_glslang2}" PARENT_SCOPE)
  set(${out_spirv_val} "${_sv_spirv_val2}" PARENT_SCOPE)
endfunction()

function(shader_validate)
  cmake_parse_arguments(SV "" "TARGET;VULKAN_ENV" "SHADERS" ${ARGN})
  if(NOT SV_TARGET OR NOT SV_SHADERS)
    message(FATAL_ERROR "shader_validate: TARGET and SHADERS are required")
  endif()
  if(NOT SV_VULKAN_ENV)
    set(SV_VULKAN_ENV "vulkan1.2")
  endif()
  _sv_fetch_tools(_glslang _spirv_val)

  set(_outputs "")
  foreach(_src IN LISTS SV_SHADERS)
    get_filename_component(_abs "${_src}" ABSOLUTE)
    get_filename_component(_name "${_src}" NAME)
    set(_spv "${CMAKE_CURRENT_BINARY_DIR}/shaders/${_name}.spv")
    add_custom_command(
      OUTPUT "${_spv}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/shaders"
      COMMAND "${_glslang}" -V --target-env ${SV_VULKAN_ENV} -o "${_spv}" "${_abs}"
      COMMAND "${_spirv_val}" --target-env ${SV_VULKAN_ENV} "${_spv}"
      DEPENDS "${_abs}"
      COMMENT "Validating shader ${_name}"
      VERBATIM)
    list(APPEND _outputs "${_spv}")
  endforeach()

  add_custom_target(${SV_TARGET}_shaders ALL DEPENDS ${_outputs})
  add_dependencies(${SV_TARGET} ${SV_TARGET}_shaders)
endfunction()

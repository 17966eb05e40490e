# Install rules, the CMake package, the pkg-config file and the Debian package (docs/pipeline.md).
#
#   bin/                               animc, anim-dump, anim-import
#   lib/libanimtc_executor.a           the runtime libraries (static, standard library only)
#   lib/libanimtc_vm.a
#   include/animtc/executor/**.h       their headers, as the project includes them ("executor/pose/pose.h")
#   include/animtc/vm/**.h
#   lib/cmake/animtc/                  find_package(animtc): animtc::executor, animtc::vm, animtc::animc,
#                                      anim_add_graphs(); the version file
#   lib/pkgconfig/animtc.pc            the runtime libraries for other build systems
#   share/animtc/schemas/              JSON Schemas of the documents and dumps
#   share/doc/animtc/                  README and docs
#   share/bash-completion/completions/ animc, anim-dump, anim-import
#   share/man/man1/                    animc.1, anim-dump.1, anim-import.1 (cmake/animtc_man.cmake)
#
# `cpack -G DEB` (or `cpack --config <build>/CPackConfig.cmake -G DEB`) packages the same tree
# under /usr.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# kAnimBytecodeVersion, for the package (animtc_BYTECODE_VERSION); a bump reconfigures.
set(animtc_opcodes_h ${ANIMTC_ROOT}/vm/bytecode/opcodes.h)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${animtc_opcodes_h})
file(STRINGS ${animtc_opcodes_h} animtc_bytecode_line REGEX "kAnimBytecodeVersion = [0-9]+")
string(REGEX MATCH "kAnimBytecodeVersion = ([0-9]+)" animtc_bytecode_line "${animtc_bytecode_line}")
set(ANIMTC_BYTECODE_VERSION "${CMAKE_MATCH_1}")
if(NOT ANIMTC_BYTECODE_VERSION MATCHES "^[0-9]+$")
  message(FATAL_ERROR "cannot read kAnimBytecodeVersion from ${animtc_opcodes_h}")
endif()

set(ANIMTC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/animtc)
set(ANIMTC_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/animtc)
set(ANIMTC_INSTALL_SCHEMADIR ${CMAKE_INSTALL_DATADIR}/animtc/schemas)

# The runtime libraries install as libanimtc_executor.a and libanimtc_vm.a (not libvm.a in
# /usr/lib), and are found as animtc::executor and animtc::vm.
set_target_properties(executor PROPERTIES OUTPUT_NAME animtc_executor EXPORT_NAME executor)
set_target_properties(vm PROPERTIES OUTPUT_NAME animtc_vm EXPORT_NAME vm)

install(TARGETS animc anim-dump anim-import EXPORT animtcTools
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS executor vm EXPORT animtcTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${ANIMTC_INSTALL_INCLUDEDIR})
install(DIRECTORY ${ANIMTC_ROOT}/executor ${ANIMTC_ROOT}/vm DESTINATION ${ANIMTC_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

install(EXPORT animtcTargets NAMESPACE animtc:: DESTINATION ${ANIMTC_INSTALL_CMAKEDIR})
install(EXPORT animtcTools NAMESPACE animtc:: DESTINATION ${ANIMTC_INSTALL_CMAKEDIR})
configure_package_config_file(${ANIMTC_ROOT}/cmake/animtcConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/animtcConfig.cmake
                              INSTALL_DESTINATION ${ANIMTC_INSTALL_CMAKEDIR}
                              PATH_VARS ANIMTC_INSTALL_SCHEMADIR)
# 0.x: a minor release may change the runtime's API, so find_package(animtc 0.2) accepts 0.2.*.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/animtcConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/animtcConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/animtcConfigVersion.cmake
              ${ANIMTC_ROOT}/cmake/animtcGraphs.cmake
        DESTINATION ${ANIMTC_INSTALL_CMAKEDIR})

# pkg-config: relocatable (the prefix is found from the .pc file's own folder).
file(RELATIVE_PATH animtc_pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REPLACE ";" " " ANIMTC_PC_CFLAGS "${ANIMTC_ABI_COMPILE_OPTIONS}")
foreach(definition IN LISTS ANIMTC_ABI_DEFINITIONS)
  string(APPEND ANIMTC_PC_CFLAGS " -D${definition}")
endforeach()
configure_file(${ANIMTC_ROOT}/cmake/animtc.pc.in ${CMAKE_CURRENT_BINARY_DIR}/animtc.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/animtc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(DIRECTORY ${ANIMTC_ROOT}/schemas/ DESTINATION ${ANIMTC_INSTALL_SCHEMADIR} FILES_MATCHING PATTERN "*.json")
install(FILES ${ANIMTC_ROOT}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${ANIMTC_ROOT}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
include(${CMAKE_CURRENT_LIST_DIR}/animtc_man.cmake)
foreach(tool animc anim-dump anim-import)
  install(FILES ${ANIMTC_ROOT}/cli/completion/animtc.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          RENAME ${tool})
endforeach()

# The Debian package: `cpack -G DEB`. The tools' shared libraries (yaml-cpp, spdlog, fmt, tinygltf)
# become Depends through dpkg-shlibdeps (dpkg-dev).
set(CPACK_PACKAGE_NAME animtc)
set(CPACK_PACKAGE_VENDOR "animtc")
set(CPACK_PACKAGE_CONTACT "animtc maintainers <animtc@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "animation graph compiler, bytecode VM and task executor")
set(CPACK_PACKAGE_DESCRIPTION
    "animc compiles animation graphs (JSON or YAML) to verified bytecode; anim-dump inspects programs; anim-import converts glTF skins and animations. The runtime libraries (static, standard library only), their headers, a CMake package with anim_add_graphs() and a pkg-config file let an engine run the programs and build its graphs.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://example.org/animtc")
include(CPack)

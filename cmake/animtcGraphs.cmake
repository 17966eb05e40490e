# anim_add_graphs(): compile animation graphs with animc as part of a CMake build (docs/pipeline.md).
# Included by animtcConfig.cmake; needs the imported target animtc::animc.
#
#   anim_add_graphs(<target> GRAPHS <files...> [OUTPUT_DIR <dir>] [ASSET_PATHS <dirs...>]
#                   [OPTIONS <animc options...>])
#
# Each graph document becomes <OUTPUT_DIR>/<name>.animbc, <name> being the graph's file name
# without its last extension (walk.yaml -> walk.animbc), compiled at build time by
#   animc <graph> -o <name>.animbc --depfile <name>.animbc.d -I <asset path>... <options...>
# The depfile lists the graph and every skeleton, clip and glTF file animc read, as it found them
# (absolute paths here, since the graph and the asset paths are given absolute), so Ninja and Make
# rebuild exactly the graphs whose inputs changed, and nothing else; every graph is also rebuilt
# when animc itself changes.
#
# <target>    an existing target is made to depend on the compiled graphs (they are built before
#             it); a name that is no target yet becomes a custom target that builds them, part of
#             `all`. Either way the target's ANIMTC_GRAPHS property lists the .animbc paths.
# GRAPHS      graph documents; relative paths are relative to CMAKE_CURRENT_SOURCE_DIR.
# OUTPUT_DIR  where the programs go; default ${CMAKE_CURRENT_BINARY_DIR}/graphs, relative paths
#             relative to CMAKE_CURRENT_BINARY_DIR.
# ASSET_PATHS folders passed as -I, in order: where skeleton, clip and glTF files not beside a graph
#             (nor in its own asset_paths) are looked for; relative to CMAKE_CURRENT_SOURCE_DIR.
# OPTIONS     further animc options, such as -Werror.
if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "anim_add_graphs needs CMake 3.20 or newer (DEPFILE for Ninja and Makefiles)")
endif()

# Functions keep the policies in effect where they are defined: depfile paths are taken as written
# (CMP0116), whatever policy version the calling project asks for.
cmake_policy(PUSH)
cmake_policy(SET CMP0116 NEW)

function(anim_add_graphs target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "OUTPUT_DIR" "GRAPHS;ASSET_PATHS;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "anim_add_graphs(${target}): unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_GRAPHS)
    message(FATAL_ERROR "anim_add_graphs(${target}): no GRAPHS given")
  endif()
  if(NOT TARGET animtc::animc)
    message(FATAL_ERROR "anim_add_graphs(${target}): animtc::animc is not defined (find_package(animtc) first)")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR graphs)
  endif()
  cmake_path(ABSOLUTE_PATH ARG_OUTPUT_DIR BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)
  file(MAKE_DIRECTORY "${ARG_OUTPUT_DIR}")

  set(asset_args)
  foreach(dir IN LISTS ARG_ASSET_PATHS)
    cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND asset_args -I "${dir}")
  endforeach()

  set(outputs)
  foreach(graph IN LISTS ARG_GRAPHS)
    cmake_path(ABSOLUTE_PATH graph BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    cmake_path(GET graph STEM LAST_ONLY name)
    set(output "${ARG_OUTPUT_DIR}/${name}.animbc")
    get_property(owner GLOBAL PROPERTY "ANIMTC_GRAPH_OUTPUT:${output}")
    if(owner)
      message(FATAL_ERROR "anim_add_graphs(${target}): ${graph} and ${owner} both compile to ${output}; "
                          "rename one or give another OUTPUT_DIR")
    endif()
    set_property(GLOBAL PROPERTY "ANIMTC_GRAPH_OUTPUT:${output}" "${graph}")
    add_custom_command(
      OUTPUT "${output}"
      COMMAND animtc::animc "${graph}" -o "${output}" --depfile "${output}.d" ${asset_args} ${ARG_OPTIONS}
      DEPENDS "${graph}" "$<TARGET_FILE:animtc::animc>"
      DEPFILE "${output}.d"
      COMMENT "Compiling animation graph ${name}.animbc"
      VERBATIM)
    list(APPEND outputs "${output}")
  endforeach()

  if(TARGET ${target})
    # Custom targets need a unique name per call: count them on the target.
    get_property(calls TARGET ${target} PROPERTY ANIMTC_GRAPH_CALLS)
    if(NOT calls)
      set(calls 0)
    endif()
    math(EXPR calls "${calls} + 1")
    set_property(TARGET ${target} PROPERTY ANIMTC_GRAPH_CALLS ${calls})
    set(graphs_target "${target}_animtc_graphs_${calls}")
    add_custom_target(${graphs_target} DEPENDS ${outputs})
    add_dependencies(${target} ${graphs_target})
  else()
    add_custom_target(${target} ALL DEPENDS ${outputs})
  endif()
  set_property(TARGET ${target} APPEND PROPERTY ANIMTC_GRAPHS ${outputs})
endfunction()

cmake_policy(POP)

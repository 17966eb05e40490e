# Man pages for the three tools, generated from their --help and --version by help2man (Debian's
# help2man, from tools/install-deps) at build time, so they never drift from the help; installed
# to share/man/man1. Without help2man there are none, said once at configure.
find_program(ANIMTC_HELP2MAN help2man)
if(NOT ANIMTC_HELP2MAN)
  message(NOTICE "animtc: help2man not found, so no man pages are built (tools/install-deps installs it)")
  return()
endif()

set(animtc_man_dir ${CMAKE_BINARY_DIR}/man)
set(animtc_man_pages)
foreach(entry "animc=compile animation graphs to bytecode"
              "anim-dump=inspect animation graphs and compiled programs offline"
              "anim-import=import glTF 2.0 skins and animations as skeleton and clip documents")
  string(FIND "${entry}" "=" equals)
  string(SUBSTRING "${entry}" 0 ${equals} tool)
  math(EXPR after "${equals} + 1")
  string(SUBSTRING "${entry}" ${after} -1 summary)
  set(page ${animtc_man_dir}/${tool}.1)
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${animtc_man_dir}
    COMMAND ${CMAKE_COMMAND} -E env NO_COLOR=1 ${ANIMTC_HELP2MAN} --no-info
            --name=${summary} --section=1 --output=${page} $<TARGET_FILE:${tool}>
    DEPENDS ${tool}
    COMMENT "Man page ${tool}.1"
    VERBATIM)
  list(APPEND animtc_man_pages ${page})
endforeach()
add_custom_target(animtc_man ALL DEPENDS ${animtc_man_pages})
install(FILES ${animtc_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Project-wide warning, SIMD and sanitizer flags, applied through the animtc_options interface target.
add_library(animtc_options INTERFACE)
target_compile_options(animtc_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wformat=2
  -Wimplicit-fallthrough)
# Floating point is evaluated as written: no fused multiply-add contraction (GCC contracts
# `a + b * c` by default, differently in each inlining context). Frame logic must take the same
# decisions wherever it is compiled (the VM and direct evaluation are diffed value for value), and a
# compiled graph must run the same on every compiler. The SIMD kernels use intrinsics either way.
target_compile_options(animtc_options INTERFACE -ffp-contract=off)
# GCC 12 reports -Wrestrict false positives inside libstdc++ string concatenation (GCC bug 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(animtc_options INTERFACE -Wno-restrict)
endif()
if(ANIMTC_WERROR)
  target_compile_options(animtc_options INTERFACE -Werror)
endif()

if(ANIMTC_SIMD STREQUAL "avx2")
  target_compile_options(animtc_options INTERFACE -mavx2 -mfma)
  target_compile_definitions(animtc_options INTERFACE ANIM_SIMD_AVX2=1 ANIM_SIMD_SSE=1)
elseif(ANIMTC_SIMD STREQUAL "sse4")
  target_compile_options(animtc_options INTERFACE -msse4.1)
  target_compile_definitions(animtc_options INTERFACE ANIM_SIMD_SSE=1)
elseif(NOT ANIMTC_SIMD STREQUAL "none")
  message(FATAL_ERROR "ANIMTC_SIMD must be avx2, sse4 or none (got '${ANIMTC_SIMD}')")
endif()

if(ANIMTC_SANITIZE)
  target_compile_options(animtc_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all
                                                  -fno-omit-frame-pointer)
  target_link_options(animtc_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
  target_compile_definitions(animtc_options INTERFACE ANIMTC_SANITIZE=1)
endif()

# animtc_add_library(NAME SOURCES...): a project library, root-relative includes, project flags.
function(animtc_add_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${ANIMTC_ROOT})
  target_link_libraries(${name} PUBLIC animtc_options)
endfunction()

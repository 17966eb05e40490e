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
# GCC 12's basic-block vectorizer fuses anyway: it turns the alternating signs of a quaternion
# product into vfmsubadd despite -ffp-contract=off, in some inlining contexts and not others, so
# -O2 and -O3 builds solved IK differently in the last bit. It is off for that reason (Clang takes
# the same flag, so an engine building on the installed package may use either compiler).
set(animtc_fp_options -ffp-contract=off -fno-tree-slp-vectorize)
target_compile_options(animtc_options INTERFACE ${animtc_fp_options})
# GCC 12 reports -Wrestrict false positives inside libstdc++ string concatenation (GCC bug 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(animtc_options INTERFACE -Wno-restrict)
endif()
if(ANIMTC_WERROR)
  target_compile_options(animtc_options INTERFACE -Werror)
endif()

set(animtc_simd_options)
set(animtc_simd_definitions)
if(ANIMTC_SIMD STREQUAL "avx2")
  set(animtc_simd_options -mavx2 -mfma)
  set(animtc_simd_definitions ANIM_SIMD_AVX2=1 ANIM_SIMD_SSE=1)
elseif(ANIMTC_SIMD STREQUAL "sse4")
  set(animtc_simd_options -msse4.1)
  set(animtc_simd_definitions ANIM_SIMD_SSE=1)
elseif(NOT ANIMTC_SIMD STREQUAL "none")
  message(FATAL_ERROR "ANIMTC_SIMD must be avx2, sse4 or none (got '${ANIMTC_SIMD}')")
endif()
target_compile_options(animtc_options INTERFACE ${animtc_simd_options})
target_compile_definitions(animtc_options INTERFACE ${animtc_simd_definitions})

# What any code that includes the runtime's headers must be compiled with, here and in an engine
# using the installed package (cmake/animtc_install.cmake exports exactly this, and no warning or
# sanitizer flag): the SIMD level's definitions and instruction set (executor/kernels/simd.h
# changes with them) and no floating-point contraction (the headers' inline maths must compute
# what the libraries compute).
set(ANIMTC_ABI_COMPILE_OPTIONS ${animtc_fp_options} ${animtc_simd_options})
set(ANIMTC_ABI_DEFINITIONS ${animtc_simd_definitions})

if(ANIMTC_SANITIZE)
  target_compile_options(animtc_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all
                                                  -fno-omit-frame-pointer)
  target_link_options(animtc_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
  target_compile_definitions(animtc_options INTERFACE ANIMTC_SANITIZE=1)
endif()

# ThreadSanitizer (tools/test-tsan): the crowd's parallel driver (crowd/) under -fsanitize=thread.
# Clang only: oneTBB's headers are left uninstrumented (tests/crowd/tsan_ignorelist.txt says why).
# Not with ANIMTC_SANITIZE or ANIMTC_FUZZ: TSan and ASan cannot share a process.
option(ANIMTC_TSAN "Build with ThreadSanitizer, clang only (tools/test-tsan)" OFF)
if(ANIMTC_TSAN)
  if(ANIMTC_SANITIZE OR ANIMTC_FUZZ)
    message(FATAL_ERROR "ANIMTC_TSAN cannot be combined with ANIMTC_SANITIZE or ANIMTC_FUZZ")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ANIMTC_TSAN needs clang (-fsanitize-ignorelist): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++ (tools/test-tsan does)")
  endif()
  target_compile_options(animtc_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer
                         -fsanitize-ignorelist=${CMAKE_CURRENT_LIST_DIR}/../tests/crowd/tsan_ignorelist.txt)
  target_link_options(animtc_options INTERFACE -fsanitize=thread)
  target_compile_definitions(animtc_options INTERFACE ANIMTC_TSAN=1)
endif()

# Fuzzing (tests/fuzz, docs/fuzzing.md): the sanitizers as above, and libFuzzer's coverage
# instrumentation on all project code; the fuzz executables add libFuzzer's main at link time.
if(ANIMTC_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ANIMTC_FUZZ needs clang and libFuzzer: configure with -DCMAKE_CXX_COMPILER=clang++ "
                        "(tools/fuzz does)")
  endif()
  target_compile_options(animtc_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                  -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(animtc_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
  target_compile_definitions(animtc_options INTERFACE ANIMTC_SANITIZE=1 ANIMTC_FUZZ=1)
endif()

# animtc_add_library(NAME SOURCES...): a project library, root-relative includes, project flags.
# Installed (executor, vm), it carries only the ABI flags above; its include directory is set by the
# install rules.
function(animtc_add_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC $<BUILD_INTERFACE:${ANIMTC_ROOT}>)
  target_link_libraries(${name} PUBLIC $<BUILD_INTERFACE:animtc_options>)
  target_compile_options(${name} INTERFACE "$<INSTALL_INTERFACE:${ANIMTC_ABI_COMPILE_OPTIONS}>")
  target_compile_definitions(${name} INTERFACE "$<INSTALL_INTERFACE:${ANIMTC_ABI_DEFINITIONS}>")
endfunction()

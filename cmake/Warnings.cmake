# Applied to every target the project defines, never to imported ones.
function(tidemark_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        # GCC 12 reports impossible overlaps inside libstdc++'s std::string concatenation at -O2 and above
        # (GCC bug 105651); it fires on ordinary `"text" + str` code and is fixed in GCC 13.
        target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
    if(TIDEMARK_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

# Release builds are hardened as Debian builds its packages (dpkg-buildflags): checked libc calls, and a GOT
# made read-only after start-up. Sanitizer and fuzzing builds (RelWithDebInfo) keep their own instrumentation.
add_compile_definitions($<$<CONFIG:Release>:_FORTIFY_SOURCE=2>)
add_link_options($<$<CONFIG:Release>:LINKER:-z,relro,-z,now>)

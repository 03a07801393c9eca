# Applied to every target the project defines, never to imported ones.
function(tidemark_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(TIDEMARK_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

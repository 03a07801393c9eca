# Writes tidemark.1 from the help the built program prints, so that the manual cannot drift from it:
#   cmake -DTIDEMARK=<exe> -DOUTPUT=<tidemark.1> -DVERSION=<v> -DDATE=<yyyy-mm-dd> -P ManPage.cmake
# `tidemark --help` becomes SYNOPSIS, DESCRIPTION and OPTIONS; `tidemark run --help` the section TIDEMARK RUN, and
# so on for compare, export-job, verify and attach.
# Both help texts share one layout: "  TERM  text" lines (two or more spaces after the term), continuation lines
# indented further, unindented "Heading:" lines and unindented prose.
cmake_minimum_required(VERSION 3.25)
foreach(var TIDEMARK OUTPUT VERSION DATE)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "ManPage.cmake: -D${var}=… is required")
    endif()
endforeach()

function(help_of out)
    execute_process(COMMAND ${TIDEMARK} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "ManPage.cmake: `tidemark ${ARGN}` failed (${status}): ${err}")
    endif()
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Text for roff: backslashes, minus signs (so options can be copied), a leading . or ' that roff would read
# as a request.
function(roff_escape out text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    if(text MATCHES "^[.']")
        set(text "\\&${text}")
    endif()
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The help text `text` as roff: terms as .TP paragraphs, headings as .SS (or dropped when they only repeat the
# section's own name), prose as filled text.
function(help_to_roff out text)
    cmake_parse_arguments(ARG "" "" "SKIP_HEADINGS" ${ARGN})
    string(REPLACE ";" "\\;" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(roff "")
    set(in_term OFF)
    foreach(line IN LISTS lines)
        string(REPLACE "\\;" ";" line "${line}")
        if(line MATCHES "^[ ]*$")
            string(APPEND roff ".PP\n")
            set(in_term OFF)
        elseif(line MATCHES "^        +[^ ]" AND in_term)
            string(STRIP "${line}" rest)
            roff_escape(rest "${rest}")
            string(APPEND roff "${rest}\n")
        elseif(line MATCHES "^  [^ ]")
            string(SUBSTRING "${line}" 2 -1 body)
            string(FIND "${body}" "  " gap)
            if(gap EQUAL -1)
                set(term "${body}")
                set(rest "")
            else()
                string(SUBSTRING "${body}" 0 ${gap} term)
                string(SUBSTRING "${body}" ${gap} -1 rest)
                string(STRIP "${rest}" rest)
            endif()
            roff_escape(term "${term}")
            roff_escape(rest "${rest}")
            string(APPEND roff ".TP\n.B ${term}\n${rest}\n")
            set(in_term ON)
        elseif(line MATCHES "^([^ ].*):$")
            set(heading "${CMAKE_MATCH_1}")
            if(NOT heading IN_LIST ARG_SKIP_HEADINGS)
                roff_escape(heading "${heading}")
                string(APPEND roff ".SS \"${heading}\"\n")
            endif()
            set(in_term OFF)
        else()
            string(STRIP "${line}" prose)
            roff_escape(prose "${prose}")
            string(APPEND roff "${prose}\n")
            set(in_term OFF)
        endif()
    endforeach()
    # runs of paragraph breaks, and breaks right before a heading or a term, say nothing
    string(REGEX REPLACE "(\\.PP\n)+" ".PP\n" roff "${roff}")
    string(REGEX REPLACE "\\.PP\n(\\.SS|\\.TP)" "\\1" roff "${roff}")
    string(REGEX REPLACE "^\\.PP\n" "" roff "${roff}")
    string(REGEX REPLACE "\\.PP\n$" "" roff "${roff}")
    set(${out} "${roff}" PARENT_SCOPE)
endfunction()

help_of(app_help --lang en --help)

# tidemark --help: "Usage: … [options] [FILE]", the description, then "Options:" and "Arguments:".
string(FIND "${app_help}" "\nOptions:\n" options_at)
string(FIND "${app_help}" "\nArguments:\n" arguments_at)
string(FIND "${app_help}" "\n" first_newline)
if(options_at EQUAL -1 OR arguments_at EQUAL -1 OR first_newline EQUAL -1)
    message(FATAL_ERROR "ManPage.cmake: `tidemark --help` no longer reads as Usage, Options, Arguments")
endif()
math(EXPR description_length "${options_at} - ${first_newline}")
string(SUBSTRING "${app_help}" ${first_newline} ${description_length} description)
string(SUBSTRING "${app_help}" ${options_at} -1 options)
help_to_roff(description_roff "${description}")
help_to_roff(options_roff "${options}" SKIP_HEADINGS Options)

# `tidemark COMMAND --help`: its "usage:" lines join the SYNOPSIS (a line that does not start with "tidemark
# COMMAND" continues the one before), the rest is the section TIDEMARK COMMAND.
set(command_synopsis "")
set(command_sections "")
foreach(command run compare export-job verify attach)
    help_of(command_help ${command} --help)
    string(FIND "${command_help}" "\n\n" usage_end)
    string(SUBSTRING "${command_help}" 0 ${usage_end} usage)
    string(SUBSTRING "${command_help}" ${usage_end} -1 body)
    # a continuation line starts with spaces and "[": joined first, so that every form's brackets balance (CMake
    # does not split a list inside unbalanced brackets)
    string(REGEX REPLACE "\n +\\[" " [" usage "${usage}")
    string(REPLACE ";" "\\;" usage "${usage}")
    string(REPLACE "\n" ";" usage_lines "${usage}")
    foreach(line IN LISTS usage_lines)
        if(NOT line MATCHES "^ *(usage:)? *tidemark ${command}(.*)$")
            message(FATAL_ERROR "ManPage.cmake: `tidemark ${command} --help` has a usage line that is no form: ${line}")
        endif()
        string(STRIP "${CMAKE_MATCH_2}" form)
        roff_escape(form "${form}")
        string(APPEND command_synopsis ".br\n.B tidemark ${command}\n${form}\n")
    endforeach()
    help_to_roff(section "${body}")
    string(TOUPPER "${command}" heading)
    string(APPEND command_sections ".SH \"TIDEMARK ${heading}\"\n${section}")
endforeach()

file(WRITE ${OUTPUT} ".\\\" Generated at build time from `tidemark --help` and each command's --help; edit those.
.TH TIDEMARK 1 \"${DATE}\" \"Tidemark ${VERSION}\" \"User Commands\"
.SH NAME
tidemark \\- see Apache Flink's event time at work, one step at a time
.SH SYNOPSIS
.B tidemark
[\\fIoptions\\fR] [\\fIFILE\\fR]
${command_synopsis}.SH DESCRIPTION
${description_roff}.SH OPTIONS
${options_roff}${command_sections}.SH FILES
.TP
.I share/tidemark/examples/
The built\\-in examples: scenarios (.json) and the event files they read, in the share folder beside the
bin folder that holds tidemark (for the Debian package,
.IR /usr/share/tidemark/examples/ );
.B tidemark run \\-\\-list\\-examples
prints where.
.B tidemark
and
.B tidemark run
take an example's name for FILE.
.TP
.I share/tidemark/flink\\-oracle/flink\\-LINE/
The Flink oracle of each Flink line, which
.B tidemark verify
and Verify with Flink run on Java 17, when Tidemark was built with it (the Debian package holds it).
.TP
.I ~/.config/Tidemark/Tidemark.conf
The window's layout, the theme, the language and the recent files.
.SH ENVIRONMENT
.TP
.B QT_QPA_PLATFORM
Qt's platform plugin; tidemark run, \\-\\-help and \\-\\-version need none, and
.B offscreen
lets \\-\\-screenshot draw without a display.
")

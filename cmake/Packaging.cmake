# A Debian package of what `cmake --install` installs: `cpack` in a build folder (or `cmake --build … --target
# package`) writes tidemark_<version>_<arch>.deb. Its library dependencies are read off the binary by
# dpkg-shlibdeps, so they name exactly the Qt, simdjson and C++ runtime packages it links.
if(NOT TARGET tidemark)
    return()
endif()

set(TIDEMARK_PACKAGE_CONTACT "The Tidemark developers <maintainers@tidemark.invalid>" CACHE STRING
    "The package's Maintainer: a name and mail address")

# What Debian asks of every package besides the program: the copyright file and, for a native package, the
# changelog, both in /usr/share/doc/tidemark.
set(doc_dir ${CMAKE_INSTALL_DATADIR}/doc/tidemark)
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright DESTINATION ${doc_dir})
# The release date as a changelog writes it ("Tue, 01 Dec 2026 00:00:00 +0000"); the weekday by Zeller's rule.
string(REGEX MATCH "^([0-9]+)-([0-9]+)-([0-9]+)$" date_ok "${TIDEMARK_RELEASE_DATE}")
if(NOT date_ok)
    message(FATAL_ERROR "TIDEMARK_RELEASE_DATE must read yyyy-mm-dd, not \"${TIDEMARK_RELEASE_DATE}\"")
endif()
set(day_text ${CMAKE_MATCH_3})
math(EXPR year "${CMAKE_MATCH_1}")
math(EXPR month "${CMAKE_MATCH_2}")
math(EXPR day "${CMAKE_MATCH_3}")
set(m ${month})
set(y ${year})
if(m LESS 3)
    math(EXPR m "${m} + 12")
    math(EXPR y "${y} - 1")
endif()
math(EXPR weekday "(${day} + (13 * (${m} + 1)) / 5 + ${y} % 100 + (${y} % 100) / 4 + (${y} / 100) / 4 + 5 * (${y} / 100)) % 7")
set(weekday_names Sat Sun Mon Tue Wed Thu Fri)
list(GET weekday_names ${weekday} weekday_name)
math(EXPR month_index "${month} - 1")
set(month_names Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
list(GET month_names ${month_index} month_name)
set(TIDEMARK_RELEASE_DATE_RFC2822 "${weekday_name}, ${day_text} ${month_name} ${year} 00:00:00 +0000")
set(changelog ${PROJECT_BINARY_DIR}/debian/changelog)
configure_file(${PROJECT_SOURCE_DIR}/resources/debian/changelog.in ${changelog} @ONLY)
add_custom_command(OUTPUT ${changelog}.gz COMMAND gzip -9nf --keep ${changelog} DEPENDS ${changelog} VERBATIM)
add_custom_target(tidemark_changelog ALL DEPENDS ${changelog}.gz)
install(FILES ${changelog}.gz DESTINATION ${doc_dir})

set(oracle_description "")
if(TIDEMARK_ORACLE)
    list(JOIN TIDEMARK_ORACLE_FLINK_LINES " and " oracle_lines)
    set(oracle_description "
.
With Java 17 installed, `tidemark verify` and Verify with Flink play a
scenario through Apache Flink's own operators (Flink ${oracle_lines}, inside
the package) and mark each output Flink agrees with.")
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tidemark)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${TIDEMARK_PACKAGE_CONTACT})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "step through Apache Flink's event time, one step at a time")
set(CPACK_PACKAGE_DESCRIPTION
    "Tidemark shows what Apache Flink's event time does. Load an event file
(CSV, JSON lines or plain text) or a scenario and step through processing
time: the timeline shows every record, each channel's watermark, the minimum
the window operator sees and which channel holds it back, the window
boundaries, and the moments windows fire, re-fire for late data or drop
records, each step explained with its arithmetic. Its engine decides exactly
as Flink does.
.
The package also holds `tidemark run`, which plays a scenario without a
display and prints what Flink would output, and the built-in examples.${oracle_description}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The font whose symbols the player bar uses (▶ ⚑ ✕), which fontconfig only offers among alternatives; Qt's
# own Chinese strings for the standard dialogs; a font with the Chinese UI's glyphs.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, qt6-translations-l10n")
# With the Flink oracle inside (-DTIDEMARK_ORACLE=ON), Verify with Flink runs it on Java 17.
if(TIDEMARK_ORACLE)
    string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", openjdk-17-jre-headless")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fonts-noto-cjk")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_PACKAGE_INSTALL_DIRECTORY /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/package)
include(CPack)

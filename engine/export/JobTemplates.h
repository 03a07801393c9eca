#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace tidemark::flinkjob {

// The files of engine/export/templates (the job's pom.xml, README and the fixed parts of its Java), compiled into
// the program (cmake/EmbedTexts.cmake). Empty for a name there is none of.
std::string_view jobTemplateText(std::string_view name);

// A template with its @NAME@ placeholders filled in: each placeholder the template holds must be given and each
// value given must be used, or this throws (a template and its code out of step is a programming error).
std::string filledTemplate(
    std::string_view name, std::initializer_list<std::pair<std::string_view, std::string_view>> values = {});

} // namespace tidemark::flinkjob

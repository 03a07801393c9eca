#pragma once

#include <QIcon>
#include <QString>

namespace tidemark::app {

// How the app presents itself to the desktop: the id its .desktop file, metainfo and icon are installed
// under (so that a window manager matches the window to its launcher), and its icon.
QString desktopFileName();
// The icon of resources/icons/tidemark.svg, rendered by Qt Svg at the usual sizes (no icon-engine plugin
// needed); the installed theme icon of the same name comes first where the desktop has one.
QIcon applicationIcon();

} // namespace tidemark::app

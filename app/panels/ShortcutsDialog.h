#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace tidemark::app {

// Help ▸ Keyboard Shortcuts: every menu action that has a shortcut, grouped by menu, read from the menus
// themselves so that the list can never disagree with what the keys do.
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);

    // (menu, action, shortcut) rows as shown, for tests.
    int rowCount() const;
    QString shortcutOf(const QString& actionText) const;

private:
    QTableWidget* m_table;
};

} // namespace tidemark::app

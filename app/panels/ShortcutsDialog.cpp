#include "app/panels/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tidemark::app {

namespace {

// "&Play" → "Play"; a literal "&&" stays "&".
QString plain(QString text)
{
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

void collect(const QMenu* menu, const QString& path, QList<QStringList>& rows)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu() != nullptr) {
            collect(a->menu(), path + QStringLiteral(" ▸ ") + plain(a->text()), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            rows.append({path, plain(a->text()), keys.join(QStringLiteral(", "))});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    QList<QStringList> rows;
    for (QAction* top : menus->actions()) {
        if (top->menu() != nullptr)
            collect(top->menu(), plain(top->text()), rows);
    }
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Keys")});
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < 3; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(rows[r][c]));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 620);
}

int ShortcutsDialog::rowCount() const
{
    return m_table->rowCount();
}

QString ShortcutsDialog::shortcutOf(const QString& actionText) const
{
    for (int r = 0; r < m_table->rowCount(); ++r) {
        if (m_table->item(r, 1)->text() == actionText)
            return m_table->item(r, 2)->text();
    }
    return {};
}

} // namespace tidemark::app

#pragma once

#include "app/panels/EditCommand.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Scenario.h"
#include "engine/io/PipelineRules.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

class QFormLayout;
class QLabel;
class QUndoStack;

namespace tidemark::app {

class Session;
class TimeCursor;

// A chain's settings as the Pipeline panel edits them, one undo step at a time.
struct ChainSettings {
    PipelineConfig pipeline;
    DisplaySettings display;
};
using ScenarioEditCommand = EditCommand<ChainSettings, 0x7140>;

// Every setting of the scenario, grouped as a Flink job is written: watermarks, window, output, display.
// A change goes through the undo stack; the editor re-reads the scenario whenever the run changes.
class PipelineEditor : public QWidget {
    Q_OBJECT

public:
    PipelineEditor(Session* session, TimeCursor* cursor, QUndoStack* undo, QWidget* parent = nullptr);

    // Sets a field by its object name as a user would (tests, scripting); returns false if unknown.
    bool setFieldValue(const QString& objectName, const QVariant& value);

    // The field that shows a setting of the rule table (engine/io/PipelineRules.h), by its path: a refused edit
    // marks it; a spin box takes its range from the table, and keeps 0 reachable when `mayBeUnused`.
    struct FieldOfPath {
        std::string_view path;
        QString objectName;
        bool mayBeUnused = false;
    };
    static std::span<const FieldOfPath> fieldsOfPaths();

private:
    struct Field;
    QWidget* widgetOf(const rules::Violation& v) const;
    void markBroken(QWidget* field, const QString& why);
    void addGroup(const QString& title);
    void addEnum(const QString& name, const QString& label, const QStringList& items,
        std::function<int(const Scenario&)> get, std::function<void(Scenario&, int)> set, const QString& tip = {});
    void addNumber(const QString& name, const QString& label, const QString& suffix,
        std::function<qint64(const Scenario&)> get, std::function<void(Scenario&, qint64)> set,
        const QString& tip = {});
    void addBool(const QString& name, const QString& label, std::function<bool(const Scenario&)> get,
        std::function<void(Scenario&, bool)> set, const QString& tip = {});
    void addText(const QString& name, const QString& label, std::function<QString(const Scenario&)> get,
        std::function<void(Scenario&, const QString&)> set, const QString& tip = {});
    void commit(int fieldIndex, const QString& what, const std::function<void(Scenario&)>& change);
    void reload();

    Session* m_session;
    TimeCursor* m_cursor;
    QUndoStack* m_undo;
    QFormLayout* m_form = nullptr;
    QLabel* m_error = nullptr;
    std::vector<std::function<void(const Scenario&)>> m_loaders;
    bool m_loading = false;
    std::shared_ptr<QString> m_lastError = std::make_shared<QString>();
    std::optional<Scenario> m_pending; // the settings as typed, which the rule table refused
    QPointer<QWidget> m_broken; // the field a refused edit marked
    QString m_brokenTip;
};

} // namespace tidemark::app

#pragma once

#include "engine/compare/Comparison.h"
#include "engine/core/Scenario.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QUndoStack;

namespace tidemark::app {

class PipelineEditor;
class Session;
class TimeCursor;

// "Duplicate this run as B and change one setting": A is the scenario given; B starts as its copy. The user
// picks one setting and gives B's value in the pipeline editor's own field for it (the same name, range, unit
// and refusal message as the Pipeline panel), and sees the runs' labels and how many differences there are
// before the comparison opens. Picking another setting starts B again from A, so that one setting differs.
class CompareSetupDialog : public QDialog {
    Q_OBJECT

public:
    explicit CompareSetupDialog(const Scenario& a, QWidget* parent = nullptr);

    // The settings on offer, by the pipeline editor's field names ("allowedLateness", "sideOutput", …): those
    // that mean something for A's pipeline (a slide only for sliding windows, a gap only for sessions).
    QStringList settings() const;
    QString setting() const;
    // Picks a setting (B back to A's copy); false when it is not on offer.
    bool setSetting(const QString& field);
    // Sets B's value of the setting shown, as typing it would; false when the field is unknown.
    bool setValue(const QVariant& value);
    // What each run is, as the compare window will label it, and how many differences their outputs have
    // (-1: B's pipeline is refused or the runs cannot be compared).
    compare::RunLabels labels() const;
    int differenceCount() const { return m_differences; }
    QString previewText() const;
    // A and B as they are now.
    compare::Comparison comparison() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Setting {
        QString field; // the pipeline editor's object name for it
        QStringList alsoShown; // fields that belong to it (a count trigger's count)
        bool (*applies)(const Scenario&);
    };
    void showSetting(int index);
    // The editor as tall as the fields shown and its "Not applied: …" line, when it has one.
    void fitEditor();
    void updatePreview();

    Scenario m_a;
    std::vector<Setting> m_settings;
    Session* m_runA;
    Session* m_runB;
    TimeCursor* m_cursorB;
    QUndoStack* m_undo;
    PipelineEditor* m_editor;
    QFormLayout* m_fields = nullptr;
    QLabel* m_refusal = nullptr; // the editor's own
    QComboBox* m_setting;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
    int m_differences = -1;
};

} // namespace tidemark::app
